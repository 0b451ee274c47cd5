//! Calling top-level functions of a program from outside (`dnrad call`, the GradBench
//! server): the program compiled once with the functions as its entry, and each function's
//! argument and result types, by which values cross as JSON (`dnrad_backend::host`). Nothing
//! from outside is ever spliced into the program's text.

use crate::pipeline::{self, Options};
use crate::sources::Sources;
use dnrad_backend::{Callable, Value, World};
use dnrad_core::{Bind, Diagnostic, ErrorKind, Expr, ExprKind, FileId, Name, Program, Span, Type};

/// A program ready to call its functions.
pub struct Prepared {
    /// The prepared program, whose entry is the functions, as right-nested pairs.
    pub program: Program,
    /// Each function's name, argument type and result type, in the entry's order.
    pub functions: Vec<Function>,
}

pub struct Function {
    pub name: String,
    /// Where it is defined.
    pub span: Span,
    pub input: Type,
    pub output: Type,
}

fn has_variables(t: &Type) -> bool {
    match t {
        Type::Var(_) | Type::App(..) | Type::Forall(..) => true,
        Type::Con(_, args) => args.iter().any(has_variables),
        Type::Fun(a, b) => has_variables(a) || has_variables(b),
    }
}

/// How a binding is called from outside: the expression of it, its argument and result types;
/// or why it cannot be. A function whose type has no variables is called as it is; an
/// overloaded one is called at `Double` (`f :: Floating a => a -> a`, as `grad` needs it):
/// each of its type variables `Double` and each dictionary the Double instance's, when Double
/// has an instance of each class.
fn callable(program: &Program, b: &Bind) -> Result<(Expr, Type, Type), String> {
    let name = b.name.unqualified();
    let shown = crate::display::scheme(program, &b.ty);
    let (e, t) = match &b.ty {
        Type::Forall(vars, body) => at_double(program, b, vars, body).ok_or_else(|| {
            format!(
                "`{name}` has the polymorphic type `{shown}`, which cannot be taken at Double: \
                 give it a signature with concrete types to call it"
            )
        })?,
        t => (Expr::new(ExprKind::Var(b.name.clone()), b.span), t.clone()),
    };
    match t {
        Type::Fun(a, r) if !has_variables(&a) && !has_variables(&r) => Ok((e, *a, *r)),
        Type::Fun(..) => Err(format!(
            "`{name}` has the polymorphic type `{shown}`: give it a signature with concrete \
             types to call it"
        )),
        _ => Err(format!(
            "`{name}` is not a function (its type is `{shown}`)"
        )),
    }
}

/// Binding `b` of type `forall vars. body` at `Double`: applied to `Double` for each variable
/// and to the Double instance's dictionary for each class in its context, and its type then.
fn at_double(program: &Program, b: &Bind, vars: &[Name], body: &Type) -> Option<(Expr, Type)> {
    let double: Vec<(Name, Type)> = vars.iter().map(|v| (v.clone(), Type::double())).collect();
    let t = dnrad_core::lint::subst(body, &double, &mut 0);
    let (dictionaries, t) = crate::display::dictionaries_and_body(program, &t);
    let tys = vec![Type::double(); vars.len()];
    let mut e = Expr::new(
        ExprKind::TyApp(
            Box::new(Expr::new(ExprKind::Var(b.name.clone()), b.span)),
            tys,
        ),
        b.span,
    );
    for dictionary in dictionaries {
        let Type::Con(class, _) = dictionary else {
            return None;
        };
        let instance = Name::from(format!("{class}#Double#inst"));
        program.binds.iter().find(|d| d.name == instance)?;
        let dictionary = Expr::new(ExprKind::Var(instance), b.span);
        e = Expr::new(ExprKind::App(Box::new(e), Box::new(dictionary)), b.span);
    }
    Some((e, t))
}

/// Compile the program of `sources` to call top-level functions of the user's file: `names`,
/// or with `None` every one that can be called from outside.
pub fn prepare(
    sources: &mut Sources,
    names: Option<&[&str]>,
    options: Options,
) -> Result<Prepared, Vec<Diagnostic>> {
    let mut program = pipeline::compile(sources, options)?;
    let own = |b: &&Bind| b.span.file == FileId::MAIN;
    let mut chosen: Vec<(&Bind, Expr, Type, Type)> = Vec::new();
    match names {
        Some(names) => {
            for &name in names {
                let Some(b) = program
                    .binds
                    .iter()
                    .filter(own)
                    .find(|b| b.name.unqualified() == name)
                else {
                    return Err(vec![Diagnostic::new(
                        ErrorKind::Scope,
                        Span::new(FileId::MAIN, 0, 0),
                        format!("the file has no top-level function `{name}`"),
                    )]);
                };
                let (e, input, output) = callable(&program, b)
                    .map_err(|m| vec![Diagnostic::new(ErrorKind::Type, b.span, m)])?;
                chosen.push((b, e, input, output));
            }
        }
        None => chosen.extend(program.binds.iter().filter(own).filter_map(|b| {
            let (e, input, output) = callable(&program, b).ok()?;
            Some((b, e, input, output))
        })),
    }
    let functions: Vec<Function> = chosen
        .iter()
        .map(|(b, _, input, output)| Function {
            name: b.name.unqualified().to_string(),
            span: b.span,
            input: input.clone(),
            output: output.clone(),
        })
        .collect();
    program.entry = chosen
        .iter()
        .rev()
        .map(|(_, e, input, output)| (e.clone(), Type::fun(input.clone(), output.clone())))
        .reduce(|(rest, rest_ty), (f, f_ty)| {
            let pair = Type::tuple(vec![f_ty.clone(), rest_ty.clone()]);
            let tuple = Name::new(&dnrad_core::types::names::tuple_name(2));
            let span = f.span;
            let e = Expr::new(
                ExprKind::Con(tuple, vec![f_ty, rest_ty], vec![f, rest]),
                span,
            );
            (e, pair)
        })
        .map(|(e, _)| e);
    let program = pipeline::prepare(program, options)?;
    Ok(Prepared { program, functions })
}

/// Function `k` of `prepared` applied once to `arg`, on `options`' backend, with the program's
/// own output on standard error (standard output is the caller's).
pub fn call_once(
    prepared: &Prepared,
    k: usize,
    arg: Value,
    options: Options,
) -> Result<Value, Diagnostic> {
    let callable = Callable::new(options.backend, &prepared.program)?;
    let (mut stdin, mut out, mut err) = (std::io::empty(), std::io::stderr(), std::io::stderr());
    let mut world = World::new(&mut stdin, &mut out, &mut err);
    let limits = options.limits();
    let count = prepared.functions.len();
    callable.session(&mut world, &limits, count)?.call(k, arg)
}
