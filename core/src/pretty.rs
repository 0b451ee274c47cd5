//! The core pretty printer: a readable, Haskell-like rendering of programs and expressions
//! (`dnrad dump core`; types through `show_type`). Binders show their types; `Integer` literals carry an `n` suffix,
//! primitives a `prim#` prefix. Deep `let` chains and long lists are printed without recursion
//! proportional to their length.

use crate::expr::{Expr, ExprKind, Lit};
use crate::program::Program;
use crate::show_type::{core, show_arg, Style};
use std::fmt::Write;

fn lit(l: &Lit) -> String {
    match l {
        Lit::Int(i) => i.to_string(),
        Lit::Integer(n) => format!("{n}n"),
        Lit::Double(x) => format!("{x:?}"),
        Lit::Char(c) => format!("{c:?}"),
        Lit::Str(s) => format!("{s:?}"),
    }
}

struct Printer {
    out: String,
}

impl Printer {
    fn newline(&mut self, indent: usize) {
        self.out.push('\n');
        self.out.push_str(&" ".repeat(indent));
    }

    /// Atomic expressions need no parentheses as arguments.
    fn atomic(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Var(_) | ExprKind::Lit(_) => true,
            ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => args.is_empty(),
            _ => false,
        }
    }

    fn arg(&mut self, e: &Expr, indent: usize) {
        if Self::atomic(e) {
            self.expr(e, indent);
        } else {
            self.out.push('(');
            self.expr(e, indent + 1);
            self.out.push(')');
        }
    }

    fn expr(&mut self, e: &Expr, indent: usize) {
        let mut e = e;
        // Let chains iterate instead of recursing.
        while let ExprKind::Let(b, body) = &e.kind {
            let _ = write!(self.out, "let {} :: {} = ", b.name, core(&b.ty));
            self.expr(&b.rhs, indent + 4);
            self.out.push_str(" in");
            self.newline(indent);
            e = body;
        }
        match &e.kind {
            ExprKind::Var(n) => self.out.push_str(n.as_str()),
            ExprKind::Lit(l) => self.out.push_str(&lit(l)),
            ExprKind::Lam(x, t, body) => {
                let _ = write!(self.out, "\\({x} :: {}) ->", core(t));
                self.newline(indent + 2);
                self.expr(body, indent + 2);
            }
            ExprKind::App(f, a) => {
                let mut args = vec![a.as_ref()];
                let mut head = f.as_ref();
                while let ExprKind::App(g, b) = &head.kind {
                    args.push(b);
                    head = g;
                }
                self.arg(head, indent);
                for a in args.into_iter().rev() {
                    self.out.push(' ');
                    self.arg(a, indent);
                }
            }
            ExprKind::TyLam(vs, body) => {
                let vs: Vec<&str> = vs.iter().map(|v| v.as_str()).collect();
                let _ = write!(self.out, "/\\{}.", vs.join(" "));
                self.newline(indent + 2);
                self.expr(body, indent + 2);
            }
            ExprKind::TyApp(f, tys) => {
                self.arg(f, indent);
                for t in tys {
                    let _ = write!(self.out, " @{}", show_arg(t, Style::Core));
                }
            }
            ExprKind::Let(..) => {}
            ExprKind::Twin(primal, twins) => {
                self.out.push_str("twin ");
                self.arg(primal, indent);
                for t in twins {
                    self.newline(indent + 2);
                    self.out.push_str("| ");
                    self.expr(t, indent + 4);
                }
            }
            ExprKind::LetRec(binds, body) => {
                self.out.push_str("letrec");
                for b in binds {
                    self.newline(indent + 2);
                    let _ = write!(self.out, "{} :: {} = ", b.name, core(&b.ty));
                    self.expr(&b.rhs, indent + 4);
                }
                self.newline(indent);
                self.out.push_str("in ");
                self.expr(body, indent + 3);
            }
            ExprKind::Con(_, tys, args) | ExprKind::Prim(_, tys, args) => {
                match &e.kind {
                    ExprKind::Prim(p, ..) => {
                        let _ = write!(self.out, "prim#{}", p.name());
                    }
                    ExprKind::Con(c, ..) => self.out.push_str(c.as_str()),
                    _ => {}
                }
                for t in tys {
                    let _ = write!(self.out, " @{}", show_arg(t, Style::Core));
                }
                for a in args {
                    self.out.push(' ');
                    self.arg(a, indent);
                }
            }
            ExprKind::Case(s, alts, default) => {
                self.out.push_str("case ");
                self.expr(s, indent + 5);
                self.out.push_str(" of");
                for alt in alts {
                    self.newline(indent + 2);
                    self.out.push_str(alt.con.as_str());
                    for (b, t) in &alt.binders {
                        let _ = write!(self.out, " ({b} :: {})", core(t));
                    }
                    self.out.push_str(" ->");
                    self.newline(indent + 4);
                    self.expr(&alt.rhs, indent + 4);
                }
                if let Some(d) = default {
                    self.newline(indent + 2);
                    self.out.push_str("_ ->");
                    self.newline(indent + 4);
                    self.expr(d, indent + 4);
                }
            }
        }
    }
}

pub fn expr(e: &Expr) -> String {
    let mut p = Printer { out: String::new() };
    p.expr(e, 0);
    p.out
}

pub fn program(program: &Program) -> String {
    let mut p = Printer { out: String::new() };
    for d in &program.datas {
        let _ = write!(p.out, "data {}", d.name);
        for v in &d.params {
            let _ = write!(p.out, " {v}");
        }
        for (i, c) in d.cons.iter().enumerate() {
            p.out.push_str(if i == 0 { " = " } else { " | " });
            p.out.push_str(c.name.as_str());
            for f in &c.fields {
                let _ = write!(p.out, " {}", show_arg(f, Style::Core));
            }
        }
        p.out.push('\n');
    }
    for b in &program.binds {
        let _ = write!(p.out, "\n{} :: {}\n{} = ", b.name, core(&b.ty), b.name);
        p.expr(&b.rhs, 2);
        p.out.push('\n');
    }
    if let Some(e) = &program.entry {
        p.out.push_str("\nentry = ");
        p.expr(e, 2);
        p.out.push('\n');
    }
    p.out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Name, Span, Type};

    #[test]
    fn expressions_print_readably() {
        let s = Span::dummy();
        let x = Expr::new(ExprKind::Var(Name::new("x")), s);
        let add = Expr::new(
            ExprKind::Prim(
                crate::PrimOp::IntAdd,
                vec![],
                vec![x.clone(), Expr::new(ExprKind::Lit(Lit::Int(1)), s)],
            ),
            s,
        );
        let lam = Expr::new(ExprKind::Lam(Name::new("x"), Type::int(), Box::new(add)), s);
        assert_eq!(expr(&lam), "\\(x :: Int) ->\n  prim#intAdd x 1");
    }
}
