//! Checking a program's modules against a Prelude checked once: `PreludeEnv::new` parses,
//! desugars and type-checks the Prelude and keeps the desugarer's tables, the type checker's
//! environment and the Prelude's core; `PreludeEnv::check` desugars and type-checks other
//! modules against copies of them, at the cost of those modules (and of copying the
//! environment) alone. The driver checks every program this way (keeping one `PreludeEnv` per
//! compiler thread), so a REPL entry, a fuzz input or a server's compilation does not check
//! the Prelude again. It must not differ from checking the whole program at once
//! (`desugar::desugar`, `typecheck::typecheck`) in what it accepts or the core it gives.

use crate::desugar::{self, ModuleKind, PreludeScope, SessionValue, SourceModule};
use crate::typecheck::{self, PreludeTypes};
use crate::{prelude, source};
use dnrad_core::{Diagnostic, FileId, Program};

/// The Prelude's scope, types and core.
pub struct PreludeEnv {
    scope: PreludeScope,
    types: PreludeTypes,
    core: Program,
}

impl PreludeEnv {
    /// Check the Prelude (`FileId::PRELUDE`).
    pub fn new() -> Result<PreludeEnv, Vec<Diagnostic>> {
        let ast = source::parse_text(prelude::PRELUDE_SOURCE, FileId::PRELUDE, false)?;
        let (scope, untyped) = desugar::desugar_prelude(&ast)?;
        let (types, core) = typecheck::typecheck_prelude(&untyped)?;
        Ok(PreludeEnv { scope, types, core })
    }

    /// Desugar and type-check `modules` (each after the modules it imports; the Prelude is
    /// implicit) into the core of these modules alone, whose entry runs the binding `entry` of
    /// the last one, and the warnings found. The last module also declares a REPL session's
    /// kept values `session`.
    pub fn check(
        &self,
        modules: &[SourceModule],
        entry: &str,
        session: &[SessionValue],
    ) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
        let untyped = desugar::desugar_after_prelude(&self.scope, modules, entry, session)?;
        typecheck::typecheck_after_prelude(&self.types, &untyped)
    }

    /// The core of the whole program of the Prelude and `modules`, and the warnings found (as
    /// `check`).
    pub fn check_program(
        &self,
        modules: &[SourceModule],
        entry: &str,
        session: &[SessionValue],
    ) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
        let (modules, warnings) = self.check(modules, entry, session)?;
        let mut program = self.core.clone();
        program.datas.extend(modules.datas);
        program.binds.extend(modules.binds);
        program.entry = modules.entry;
        Ok((program, warnings))
    }

    /// Check one main module that imports nothing but the Prelude.
    pub fn check_main(&self, main: &crate::ast::Module) -> Result<Program, Vec<Diagnostic>> {
        let module = SourceModule {
            name: "Main".into(),
            kind: ModuleKind::Main,
            ast: main,
        };
        self.check(&[module], "main", &[])
            .map(|(program, _)| program)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Module;

    fn parse(text: &str, file: FileId) -> Module {
        source::parse_text(text, file, false).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// The whole program, Prelude and all, as the driver checks it.
    fn whole(main: &Module) -> Result<Program, Vec<Diagnostic>> {
        let prelude = parse(prelude::PRELUDE_SOURCE, FileId::PRELUDE);
        let modules = SourceModule::prelude_and_main(&prelude, main);
        typecheck::typecheck(&desugar::desugar(&modules, "main")?)
    }

    fn messages(result: &Result<Program, Vec<Diagnostic>>) -> Vec<String> {
        match result {
            Ok(_) => Vec::new(),
            Err(ds) => ds.iter().map(|d| d.message.clone()).collect(),
        }
    }

    #[test]
    fn checking_against_the_prelude_agrees_with_checking_the_whole_program() {
        let env = PreludeEnv::new().unwrap_or_else(|e| panic!("{e:?}"));
        let programs = [
            "main = print (2 ^ 10)\n",
            "data T = A | B deriving (Show, Eq, Ord)\nmain = print (maximum [A, B], A == B)\n",
            "class C a where\n  c :: a -> Int\ninstance C Bool where\n  c _ = 1\nmain = print (c True)\n",
            "newtype St a = St (Int -> (a, Int))\ninstance Monad St where\n  return x = St (\\s -> (x, s))\n  St m >>= k = St (\\s -> case m s of (a, s') -> let St n = k a in n s')\nmain = print (case (fmap (+ 1) (return 1) :: St Int) of St f -> fst (f 0))\n",
            "xs = [1, 2, 3]\nmain = print (sum xs / 2)\n",
            "main = print (grad (\\x -> x * x) (3.0 :: Double))\n",
            "instance Show Bool where\n  show _ = \"b\"\nmain = print True\n",
            "newtype M a = M a\ninstance Monad M where\n  M a >>= k = k a\nmain = print 1\n",
            "main = print (1 + True)\n",
            "main = print undefinedName\n",
            "f x = x x\nmain = print 1\n",
            "main = print (read \"1\")\n",
            "main = 1\n",
        ];
        for text in programs {
            let main = parse(text, FileId::MAIN);
            let module = SourceModule {
                name: "Main".into(),
                kind: ModuleKind::Main,
                ast: &main,
            };
            let staged = env.check_program(&[module], "main", &[]).map(|(p, _)| p);
            let full = whole(&main);
            assert_eq!(messages(&staged), messages(&full), "{text}");
            if let (Ok(staged), Ok(full)) = (staged, full) {
                // The same bindings and data types, in another order (which means nothing).
                let sorted = |p: &Program| {
                    let mut binds: Vec<_> = p.binds.iter().map(|b| format!("{b:?}")).collect();
                    let mut datas: Vec<_> = p.datas.iter().map(|d| format!("{d:?}")).collect();
                    binds.sort();
                    datas.sort();
                    (binds, datas)
                };
                assert_eq!(sorted(&staged), sorted(&full), "{text}");
                assert_eq!(staged.entry, full.entry, "{text}");
                assert!(staged.entry.is_some(), "{text}");
            }
        }
    }
}
