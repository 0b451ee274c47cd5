//! Core types shown as Haskell types (the REPL's `:type` and `:browse`, the messages of `dnrad
//! call` and `grad`): the leading dictionary parameters
//! of an elaborated binding become the class context again (`Num a -> a -> a` is shown as
//! `Num a => a -> a`) and type variables are named `a`, `b`, ...; the types themselves print
//! through `show_type`. It never changes a program.

use dnrad_core::lint::subst;
use dnrad_core::show_type::source;
use dnrad_core::{Name, Program, Type};

/// Whether `name` is a class dictionary type (its one constructor is `name#D`).
fn is_class(program: &Program, name: &str) -> bool {
    program.datas.iter().any(|d| {
        d.name.as_str() == name
            && d.cons.len() == 1
            && d.cons[0].name.as_str() == format!("{name}#D")
    })
}

/// The direct superclasses of class `name` (its dictionary's fields of a class type over the
/// class's parameter).
fn superclasses<'p>(program: &'p Program, name: &str) -> Vec<&'p str> {
    let Some(d) = program.datas.iter().find(|d| d.name.as_str() == name) else {
        return Vec::new();
    };
    let Some(con) = d.cons.first() else {
        return Vec::new();
    };
    con.fields
        .iter()
        .filter_map(|f| match f {
            Type::Con(s, args)
                if matches!(args.as_slice(), [Type::Var(v)] if d.params.first() == Some(v))
                    && is_class(program, s.as_str()) =>
            {
                Some(s.as_str())
            }
            _ => None,
        })
        .collect()
}

/// Whether class `c` has `s` among its superclasses, directly or not.
fn implies(program: &Program, c: &str, s: &str) -> bool {
    let mut work = vec![c];
    let mut seen = Vec::new();
    while let Some(k) = work.pop() {
        for sup in superclasses(program, k) {
            if sup == s {
                return true;
            }
            if !seen.contains(&sup) {
                seen.push(sup);
                work.push(sup);
            }
        }
    }
    false
}

/// `context` without the constraints another one implies (`Floating a` implies `Num a`), as
/// GHC shows it.
fn simplified(program: &Program, context: Vec<Type>) -> Vec<Type> {
    let constraint = |t: &Type| match t {
        Type::Con(c, args) if args.len() == 1 => Some((c.as_str().to_string(), args[0].clone())),
        _ => None,
    };
    context
        .iter()
        .filter(|t| {
            let Some((s, arg)) = constraint(t) else {
                return true;
            };
            !context.iter().any(|other| {
                constraint(other)
                    .is_some_and(|(c, a)| a == arg && c != s && implies(program, &c, &s))
            })
        })
        .cloned()
        .collect()
}

/// Split `forall vs. C1 a -> C2 b -> t` into the context `[C1 a, C2 b]` (without constraints
/// the others imply) and `t`.
pub fn context_and_body(program: &Program, t: &Type) -> (Vec<Type>, Type) {
    let (dictionaries, body) = dictionaries_and_body(program, t.unquantified());
    (simplified(program, dictionaries), body)
}

/// Split `C1 a -> C2 b -> t` into the types of its dictionary parameters, all of them in
/// order (`[C1 a, C2 b]`), and `t`.
pub fn dictionaries_and_body(program: &Program, t: &Type) -> (Vec<Type>, Type) {
    let mut t = t.clone();
    let mut dictionaries = Vec::new();
    while let Type::Fun(a, r) = &t {
        match a.as_ref() {
            Type::Con(c, args) if args.len() == 1 && is_class(program, c.as_str()) => {
                dictionaries.push(a.as_ref().clone());
                t = r.as_ref().clone();
            }
            _ => break,
        }
    }
    (dictionaries, t)
}

/// `a`, `b`, ..., `z`, `a1`, ...
fn letter(i: usize) -> Name {
    let c = (b'a' + (i % 26) as u8) as char;
    Name::from(if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26)
    })
}

/// `context => body` as Haskell writes it, its type variables named `a`, `b`, ... in order.
pub fn with_context(context: &[Type], body: &Type) -> String {
    let mut vars = Vec::new();
    context.iter().for_each(|c| c.variables_into(&mut vars));
    body.variables_into(&mut vars);
    let renaming: Vec<(Name, Type)> = vars
        .into_iter()
        .enumerate()
        .map(|(i, v)| (v, Type::Var(letter(i))))
        .collect();
    let rename = |t: &Type| subst(t, &renaming, &mut 0);
    let context: Vec<Type> = context.iter().map(rename).collect();
    let body = source(&rename(body));
    match context.as_slice() {
        [] => body,
        [c] => format!("{} => {body}", source(c)),
        _ => {
            let cs: Vec<String> = context.iter().map(source).collect();
            format!("({}) => {body}", cs.join(", "))
        }
    }
}

/// A binding's type scheme as Haskell writes it, with its class context.
pub fn scheme(program: &Program, t: &Type) -> String {
    let (context, body) = context_and_body(program, t);
    with_context(&context, &body)
}
