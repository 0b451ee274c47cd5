//! The values a REPL session keeps across entries — `it` and the names bound by `x <- action` —
//! as run-time values with their core types: which ones can be kept (decided by type), the
//! declarations and values lent to each run, shadowing, and the message for a name it could
//! not keep. It compiles and runs nothing; the session does.

use crate::display;
use crate::sources::Sources;
use dnrad_backend::Value;
use dnrad_core::{prim, Diagnostic, ErrorKind, FileId, Name, Program, Type};
use dnrad_frontend::desugar::SessionValue;
use std::collections::{BTreeSet, HashSet};

/// A kept value.
#[derive(Clone)]
struct Entry {
    name: String,
    /// Quantified over the type variables it mentions, if any.
    ty: Type,
    value: Value,
    /// The session's own data types its type mentions (source names): redefining one drops it.
    session_types: BTreeSet<String>,
}

/// What becomes of a name an entry binds, decided from its type before the entry runs.
pub enum Decision {
    Keep {
        name: String,
        ty: Type,
        session_types: BTreeSet<String>,
    },
    /// Not kept; why (a referring entry is told).
    Missing { name: String, why: String },
}

impl Decision {
    pub fn name(&self) -> &str {
        match self {
            Decision::Keep { name, .. } | Decision::Missing { name, .. } => name,
        }
    }
}

#[derive(Clone, Default)]
pub struct Kept {
    entries: Vec<Entry>,
    /// Names bound to values that could not be kept, and why.
    missing: Vec<(String, String)>,
}

/// What a type's values may hold.
#[derive(Default)]
struct Holds {
    /// Code: a function, an IO action, or a run-time structure of unknown kind.
    code: bool,
    /// A mutable cell.
    mutable: bool,
}

/// What values of `ty` may hold: the types of all constructor fields reachable from it
/// (walked once per data type; a type variable holds nothing, as a value of a quantified type
/// has none of its elements).
fn holds(program: &Program, ty: &Type) -> Holds {
    let mut out = Holds::default();
    let mut seen: HashSet<&Name> = HashSet::new();
    let mut work: Vec<&Type> = vec![ty];
    while let Some(t) = work.pop() {
        match t {
            Type::Var(_) => {}
            Type::Fun(..) => out.code = true,
            Type::Forall(_, body) => work.push(body),
            Type::App(_, args) => work.extend(args),
            Type::Con(name, args) => {
                work.extend(args);
                match name.as_str() {
                    "Int" | "Integer" | "Double" | "Char" | prim::PRIM_ARRAY => {}
                    prim::REF => out.mutable = true,
                    _ => match program.datas.iter().find(|d| &d.name == name) {
                        Some(d) if seen.insert(&d.name) => {
                            work.extend(d.cons.iter().flat_map(|c| &c.fields));
                        }
                        Some(_) => {}
                        None => out.code = true,
                    },
                }
            }
        }
    }
    out
}

/// The session's own data types (source names) that `ty` mentions.
fn session_types(program: &Program, ty: &Type) -> BTreeSet<String> {
    program
        .datas
        .iter()
        .filter(|d| d.span.file == FileId::MAIN && ty.mentions(d.name.as_str()))
        .map(|d| d.name.unqualified().to_string())
        .collect()
}

/// Whether `name` can keep a value of type `ty` (its type variables are quantified: `ty` is the
/// body of the value's scheme).
pub fn decide(program: &Program, name: &str, ty: Type) -> Decision {
    let vars = ty.variables();
    let ty = if vars.is_empty() {
        ty
    } else {
        Type::Forall(vars.clone(), Box::new(ty))
    };
    let holds = holds(program, &ty);
    let why = if holds.code {
        let what = match ty.unquantified() {
            Type::Fun(..) => "is a function".to_string(),
            Type::Con(io, _) if io.as_str() == "IO" => "is an IO action".to_string(),
            _ => format!(
                "(of type `{}`) may hold a function",
                display::scheme(program, &ty)
            ),
        };
        Some(format!(
            "its value {what}, and the REPL keeps no functions across entries"
        ))
    } else if holds.mutable && !vars.is_empty() {
        Some(format!(
            "its type `{}` is polymorphic and holds a mutable reference",
            display::scheme(program, &ty)
        ))
    } else {
        None
    };
    let name = name.to_string();
    match why {
        Some(why) => Decision::Missing { name, why },
        None => Decision::Keep {
            name,
            session_types: session_types(program, &ty),
            ty,
        },
    }
}

impl Kept {
    /// The declarations of the kept values, in the order their values are lent.
    pub fn declared(&self) -> Vec<SessionValue> {
        self.entries
            .iter()
            .map(|e| SessionValue {
                name: e.name.clone(),
                ty: e.ty.clone(),
            })
            .collect()
    }

    /// The declarations once `decided` is committed (to check the session still compiles).
    pub fn declared_after(&self, decided: &[Decision]) -> Vec<SessionValue> {
        let rebound = |name: &str| decided.iter().any(|d| d.name() == name);
        let mut out: Vec<SessionValue> = self
            .declared()
            .into_iter()
            .filter(|v| !rebound(&v.name))
            .collect();
        out.extend(decided.iter().filter_map(|d| match d {
            Decision::Keep { name, ty, .. } => Some(SessionValue {
                name: name.clone(),
                ty: ty.clone(),
            }),
            Decision::Missing { .. } => None,
        }));
        out
    }

    /// The values lent to a run, in the order of `declared`.
    pub fn lent(&self) -> Vec<Value> {
        self.entries.iter().map(|e| e.value.clone()).collect()
    }

    /// The kept names.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.name.as_str())
    }

    /// Bind the names of `decided` (each `Keep` to the next of `values`), shadowing earlier
    /// bindings of them.
    pub fn commit(&mut self, decided: Vec<Decision>, values: Vec<Value>) {
        self.forget(decided.iter().map(Decision::name));
        let mut values = values.into_iter();
        for d in decided {
            match d {
                Decision::Keep {
                    name,
                    ty,
                    session_types,
                } => {
                    if let Some(value) = values.next() {
                        self.entries.push(Entry {
                            name,
                            ty,
                            value,
                            session_types,
                        });
                    }
                }
                Decision::Missing { name, why } => self.missing.push((name, why)),
            }
        }
    }

    /// Drop the bindings of `names` (a definition shadows them).
    pub fn forget<'n>(&mut self, names: impl IntoIterator<Item = &'n str>) {
        let names: BTreeSet<&str> = names.into_iter().collect();
        self.entries.retain(|e| !names.contains(e.name.as_str()));
        self.missing.retain(|(n, _)| !names.contains(n.as_str()));
    }

    /// Drop the values whose types mention the session's data types `types` (being redefined
    /// or removed: their run-time values would mean something else).
    pub fn forget_types(&mut self, types: &BTreeSet<String>) {
        let (gone, kept): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut self.entries)
            .into_iter()
            .partition(|e| !e.session_types.is_disjoint(types));
        self.entries = kept;
        for e in gone {
            let redefined: Vec<&str> = e
                .session_types
                .intersection(types)
                .map(String::as_str)
                .collect();
            let why = format!("its type `{}` was redefined", redefined.join("`, `"));
            self.missing.retain(|(n, _)| *n != e.name);
            self.missing.push((e.name, why));
        }
    }

    /// A scope error at a name bound to a value that was not kept says why it was not.
    pub fn explain(&self, sources: &Sources, diagnostics: &mut [Diagnostic]) {
        for d in diagnostics {
            if d.kind != ErrorKind::Scope {
                continue;
            }
            let Some(file) = sources.get(d.span.file) else {
                continue;
            };
            let text = file.text.get(d.span.lo as usize..d.span.hi as usize);
            let Some((name, why)) = self.missing.iter().find(|(n, _)| Some(n.as_str()) == text)
            else {
                continue;
            };
            d.message = format!("`{name}` is not available: {why}");
            d.labels.clear();
            d.notes.clear();
        }
    }
}
