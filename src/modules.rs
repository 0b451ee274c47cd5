//! Loading a program's modules: the main file and every module it imports,
//! transitively — the user's own (`import Geometry.Vector` is `Geometry/Vector.hs` or `.lhs` in a
//! directory of the search path) before the standard library's. Each file is read, added to the
//! `Sources` and parsed once; the result lists the modules so that each comes after the modules
//! it imports. Import cycles and missing modules are located errors. It must not resolve names.

use crate::sources::{SourceFile, Sources};
use dnrad_core::{Diagnostic, ErrorKind, FileId};
use dnrad_frontend::ast::{Ident, Module};
use dnrad_frontend::desugar::{ModuleKind, SourceModule};
use dnrad_frontend::{library, source};
use std::collections::HashMap;
use std::path::PathBuf;

/// A parsed module of the program.
pub struct Loaded {
    pub name: String,
    pub kind: ModuleKind,
    pub ast: Module,
}

impl Loaded {
    pub fn source(&self) -> SourceModule<'_> {
        SourceModule {
            name: self.name.clone(),
            kind: self.kind,
            ast: &self.ast,
        }
    }
}

/// Lex, lay out and parse one file (literate Haskell when `literate`).
pub fn parse_file(text: &str, file: FileId, literate: bool) -> Result<Module, Vec<Diagnostic>> {
    source::parse_text(text, file, literate)
}

/// Whether a file name is literate Haskell.
pub fn is_literate(name: &str) -> bool {
    name.ends_with(".lhs")
}

enum State {
    /// Being loaded: its imports are being followed (an import of it now is a cycle).
    Loading,
    Done,
}

struct Loader<'a> {
    sources: &'a mut Sources,
    state: HashMap<String, State>,
    /// The modules being loaded, outermost first (for the message of a cycle).
    stack: Vec<String>,
    order: Vec<Loaded>,
}

/// Load the main file (`FileId::MAIN` of `sources`) and everything it imports, in the order
/// the desugarer takes them after the Prelude (which the checked Prelude environment holds:
/// `against_prelude::PreludeEnv`).
pub fn load(sources: &mut Sources) -> Result<Vec<Loaded>, Vec<Diagnostic>> {
    let (text, literate) = match sources.get(FileId::MAIN) {
        Some(f) => (f.text.clone(), is_literate(&f.name)),
        None => (String::new(), false),
    };
    let main = parse_file(&text, FileId::MAIN, literate)?;
    let name = main
        .name
        .as_ref()
        .map_or_else(|| "Main".to_string(), |n| n.name.clone());
    let mut loader = Loader {
        sources,
        state: HashMap::from([("Prelude".to_string(), State::Done)]),
        stack: Vec::new(),
        order: Vec::new(),
    };
    loader.visit(name, ModuleKind::Main, main)?;
    Ok(loader.order)
}

impl Loader<'_> {
    /// Load what `module` imports, then record it.
    fn visit(
        &mut self,
        name: String,
        kind: ModuleKind,
        module: Module,
    ) -> Result<(), Vec<Diagnostic>> {
        self.state.insert(name.clone(), State::Loading);
        self.stack.push(name.clone());
        for import in &module.imports {
            match self.state.get(&import.module.name) {
                Some(State::Done) => {}
                Some(State::Loading) => return Err(vec![self.cycle(&import.module)]),
                None => {
                    let (kind, ast) = self.find(&import.module)?;
                    self.visit(import.module.name.clone(), kind, ast)?;
                }
            }
        }
        self.stack.pop();
        self.state.insert(name.clone(), State::Done);
        self.order.push(Loaded {
            name,
            kind,
            ast: module,
        });
        Ok(())
    }

    fn cycle(&self, import: &Ident) -> Diagnostic {
        let start = self
            .stack
            .iter()
            .position(|m| *m == import.name)
            .unwrap_or(0);
        let mut chain: Vec<String> = self.stack[start..]
            .iter()
            .map(|m| format!("`{m}`"))
            .collect();
        chain.push(format!("`{}`", import.name));
        Diagnostic::new(
            ErrorKind::Scope,
            import.span,
            format!("import cycle: {}", chain.join(" imports ")),
        )
    }

    /// Find, read and parse the module `import` names: a file of the user's search path first,
    /// then the standard library.
    fn find(&mut self, import: &Ident) -> Result<(ModuleKind, Module), Vec<Diagnostic>> {
        let relative: PathBuf = import.name.split('.').collect();
        let mut tried = Vec::new();
        for dir in self.sources.search_path.clone() {
            for ext in ["hs", "lhs"] {
                let path = dir.join(&relative).with_extension(ext);
                tried.push(path.display().to_string());
                if !path.is_file() {
                    continue;
                }
                let text = std::fs::read_to_string(&path).map_err(|e| {
                    vec![Diagnostic::new(
                        ErrorKind::Scope,
                        import.span,
                        format!(
                            "cannot read module `{}` from {}: {e}",
                            import.name,
                            path.display()
                        ),
                    )]
                })?;
                let name = path.display().to_string();
                let source = SourceFile::new(name.clone(), text);
                // The text as stored (without a byte-order mark): spans index it.
                let text = source.text.clone();
                let file = self.sources.add(source);
                let module = parse_file(&text, file, is_literate(&name))?;
                check_name(&module, import)?;
                return Ok((ModuleKind::User, module));
            }
        }
        if let Some(text) = library::source(&import.name) {
            let name = format!("<library>/{}.hs", relative.display());
            let file = self.sources.add_library(SourceFile::new(name, text));
            let module = parse_file(text, file, false)?;
            check_name(&module, import)?;
            return Ok((ModuleKind::Library, module));
        }
        Err(vec![Diagnostic::new(
            ErrorKind::Scope,
            import.span,
            format!(
                "module `{}` not found: it is not in the standard library, and none of {} exists",
                import.name,
                tried.join(", ")
            ),
        )])
    }
}

/// A module file must declare the name it is imported by.
fn check_name(module: &Module, import: &Ident) -> Result<(), Vec<Diagnostic>> {
    match &module.name {
        Some(n) if n.name == import.name => Ok(()),
        Some(n) => Err(vec![Diagnostic::new(
            ErrorKind::Scope,
            n.span,
            format!(
                "this file is imported as module `{}` but declares module `{}`",
                import.name, n.name
            ),
        )]),
        None => Err(vec![Diagnostic::new(
            ErrorKind::Scope,
            import.span,
            format!(
                "the file of module `{}` has no `module {} where` header",
                import.name, import.name
            ),
        )]),
    }
}
