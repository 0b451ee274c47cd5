//! Calling a top-level function of a program from outside (`dnrad call`, the GradBench
//! server): the program compiled once with the function as its entry, and the function's
//! argument and result types, by which values cross as JSON (`dnrad_backend::host`). Nothing
//! from outside is ever spliced into the program's text.

use crate::pipeline::{self, Options};
use crate::sources::Sources;
use dnrad_core::{Diagnostic, ErrorKind, Expr, ExprKind, FileId, Program, Span, Type};

/// A program ready to call its function.
pub struct Prepared {
    /// The prepared program, whose entry is the function.
    pub program: Program,
    /// The function's argument type.
    pub input: Type,
    /// Its result type.
    pub output: Type,
}

fn error(span: Span, msg: String) -> Vec<Diagnostic> {
    vec![Diagnostic::new(ErrorKind::Type, span, msg)]
}

fn has_variables(t: &Type) -> bool {
    match t {
        Type::Var(_) | Type::App(..) | Type::Forall(..) => true,
        Type::Con(_, args) => args.iter().any(has_variables),
        Type::Fun(a, b) => has_variables(a) || has_variables(b),
    }
}

/// Compile the program of `sources` to call its top-level function `name` (of the user's file).
pub fn prepare(
    sources: &mut Sources,
    name: &str,
    options: Options,
) -> Result<Prepared, Vec<Diagnostic>> {
    let mut program = pipeline::compile(sources, options)?;
    let file_start = Span::new(FileId::MAIN, 0, 0);
    let Some(bind) = program
        .binds
        .iter()
        .find(|b| b.name.as_str() == name && b.span.file == FileId::MAIN)
    else {
        return Err(vec![Diagnostic::new(
            ErrorKind::Scope,
            file_start,
            format!("the file has no top-level function `{name}`"),
        )]);
    };
    let shown = dnrad_core::pretty::ty(&bind.ty);
    let (input, output) = match &bind.ty {
        Type::Fun(a, b) if !has_variables(&bind.ty) => ((**a).clone(), (**b).clone()),
        Type::Fun(..) | Type::Forall(..) => {
            return Err(error(
                bind.span,
                format!(
                "`{name}` has the polymorphic type `{shown}`: give it a signature with concrete \
                     types to call it"
            ),
            ))
        }
        _ => {
            return Err(error(
                bind.span,
                format!("`{name}` is not a function (its type is `{shown}`)"),
            ))
        }
    };
    program.entry = Some(Expr::new(ExprKind::Var(bind.name.clone()), bind.span));
    let program = pipeline::prepare(program, options)?;
    Ok(Prepared {
        program,
        input,
        output,
    })
}
