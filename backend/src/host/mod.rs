//! Values crossing a program's boundary by their types (`dnrad call`, `dnrad grad --json`, the
//! GradBench server): JSON to a value of a given type, and a value of a given type to JSON. The
//! encoding (docs/host.md): numbers are `Int`, `Integer` (any size) and `Double` (NaN and the
//! infinities are `null`); a `Char` and a `String` are JSON strings, `Bool` a boolean, `()`
//! `null`; lists and tuples are arrays; `Maybe a` is `null` or the `a` (`{"Just": x}` when `a` is
//! a `Maybe` itself), `Either` is `{"Left": x}` / `{"Right": y}`; Data.Array's `Array` is an
//! array of its elements (0-based `Int` index), an array of rows (`(Int, Int)` index from
//! `(0,0)`), or `{"bounds": [l, u], "elems": [...]}` (any index); another data type with only
//! nullary constructors is the constructor's name, a type of one constructor is an object keyed
//! by its field names (a record; a field `_k` has key `k`, so JSON keys such as `A` or `data`
//! have a field), its only field, or an array of its fields, and a type of several constructors
//! is `{"Constructor": <that constructor's encoding>}` (a nullary one its name). Decoding
//! ignores object keys that name no field. Errors name the JSON path (`input.x[3]: expected a
//! number`). It runs no code: a JSON text can only become data.

mod literal;

pub use literal::decode_literal;

use crate::integer;
use crate::show::show_double;
use crate::value::Value;
use dnrad_core::lint::subst;
use dnrad_core::show_type;
use dnrad_core::types::names;
use dnrad_core::{DataCon, DataDecl};
use dnrad_core::{Name, Type};
use num_bigint::BigInt;
use serde_json::{Map, Number, Value as Json};
use std::collections::HashMap;

/// Data.Array's array type, which has an encoding of its own.
const ARRAY: &str = "Data.Array.Base.Array";

/// How deep a value may nest in JSON (a deeper one is an error, not a deep recursion).
const MAX_DEPTH: usize = 10_000;

/// The data types of a program, by name.
pub struct Types<'a> {
    datas: HashMap<&'a str, &'a DataDecl>,
}

/// The path to a JSON value from the root, for errors.
#[derive(Clone)]
struct Path<'s> {
    parent: Option<&'s Path<'s>>,
    step: Step<'s>,
    depth: usize,
}

#[derive(Clone, Copy)]
enum Step<'s> {
    Root(&'s str),
    Key(&'s str),
    Index(usize),
}

impl<'s> Path<'s> {
    fn key<'t>(&'t self, key: &'t str) -> Path<'t> {
        self.child(Step::Key(key))
    }

    fn index<'t>(&'t self, i: usize) -> Path<'t> {
        self.child(Step::Index(i))
    }

    fn child<'t>(&'t self, step: Step<'t>) -> Path<'t> {
        Path {
            parent: Some(self),
            step,
            depth: self.depth + 1,
        }
    }

    fn error(&self, msg: impl std::fmt::Display) -> String {
        let mut steps = Vec::new();
        let mut p = Some(self);
        while let Some(q) = p {
            steps.push(q.step);
            p = q.parent;
        }
        let mut at = String::new();
        for s in steps.iter().rev() {
            match s {
                Step::Root(r) => at.push_str(r),
                Step::Key(k) => {
                    at.push('.');
                    at.push_str(k);
                }
                Step::Index(i) => at.push_str(&format!("[{i}]")),
            }
        }
        format!("{at}: {msg}")
    }
}

/// The JSON key of a record field: its name without one leading underscore.
fn key_of(field: &Name) -> &str {
    let f = field.as_str();
    f.strip_prefix('_').filter(|k| !k.is_empty()).unwrap_or(f)
}

/// What a JSON value is, for errors.
fn what(json: &Json) -> &'static str {
    match json {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

fn expected(path: &Path, wanted: &str, json: &Json) -> String {
    path.error(format!("expected {wanted}, found {}", what(json)))
}

/// A constructor's tag and fields (a nullary one's tag and none; any other value 0 and none).
fn fields_of(v: &Value) -> (u32, &[Value]) {
    match v {
        Value::Con(c) => (c.tag, &c.fields),
        Value::Tag(t) => (*t, &[]),
        _ => (0, &[]),
    }
}

fn int_of(v: &Value) -> i64 {
    match v {
        Value::Int(i) => *i,
        _ => 0,
    }
}

impl<'a> Types<'a> {
    pub fn new(datas: &'a [DataDecl]) -> Types<'a> {
        Types {
            datas: datas.iter().map(|d| (d.name.as_str(), d)).collect(),
        }
    }

    /// The value of type `ty` that `json` encodes; `root` names the JSON value in errors.
    pub fn decode(&self, ty: &Type, json: &Json, root: &str) -> Result<Value, String> {
        let path = Path {
            parent: None,
            step: Step::Root(root),
            depth: 0,
        };
        self.value_of(ty, json, &path)
    }

    /// The JSON encoding of `v`, a value of type `ty`.
    pub fn encode(&self, ty: &Type, v: &Value) -> Result<Json, String> {
        self.json_of(ty, v, 0)
    }

    /// The data type `name` applied to `args`: its declaration and its constructors' field
    /// types at those arguments.
    pub(crate) fn data(
        &self,
        name: &Name,
        args: &[Type],
    ) -> Option<(&'a DataDecl, Vec<Vec<Type>>)> {
        let d = *self.datas.get(name.as_str())?;
        let s: Vec<(Name, Type)> = d.params.iter().cloned().zip(args.iter().cloned()).collect();
        let mut fresh = 0;
        let fields = d
            .cons
            .iter()
            .map(|c| c.fields.iter().map(|f| subst(f, &s, &mut fresh)).collect())
            .collect();
        Some((d, fields))
    }

    fn value_of(&self, ty: &Type, json: &Json, path: &Path) -> Result<Value, String> {
        if path.depth > MAX_DEPTH {
            return Err(path.error("nested too deeply"));
        }
        let Type::Con(name, args) = ty else {
            return Err(path.error(format!(
                "a value of type `{}` cannot come from JSON",
                show_type::source(ty)
            )));
        };
        match (name.as_str(), args.as_slice()) {
            (names::INT, []) => match json.as_i64() {
                Some(i) => Ok(Value::Int(i)),
                None => Err(expected(path, "an Int", json)),
            },
            (names::INTEGER, []) => match json {
                Json::Number(n) => n
                    .to_string()
                    .parse::<BigInt>()
                    .map(integer::from_big)
                    .map_err(|_| expected(path, "an integer", json)),
                _ => Err(expected(path, "an integer", json)),
            },
            (names::DOUBLE, []) => match json {
                Json::Number(n) => n
                    .to_string()
                    .parse::<f64>()
                    .map(Value::Double)
                    .map_err(|_| expected(path, "a number", json)),
                Json::Null => Ok(Value::Double(f64::NAN)),
                _ => Err(expected(path, "a number", json)),
            },
            (names::CHAR, []) => {
                let mut chars = json.as_str().map(str::chars);
                match (
                    chars.as_mut().and_then(Iterator::next),
                    chars.as_mut().and_then(Iterator::next),
                ) {
                    (Some(c), None) => Ok(Value::Char(c)),
                    _ => Err(expected(path, "a string of one character", json)),
                }
            }
            (names::BOOL, []) => match json {
                Json::Bool(b) => Ok(Value::bool(*b)),
                _ => Err(expected(path, "a boolean", json)),
            },
            (names::UNIT, []) => match json {
                Json::Null => Ok(Value::unit()),
                Json::Array(items) if items.is_empty() => Ok(Value::unit()),
                _ => Err(expected(path, "null", json)),
            },
            (names::LIST, [elem]) => match (json, elem) {
                (Json::String(s), Type::Con(c, a)) if c.as_str() == names::CHAR && a.is_empty() => {
                    Ok(Value::string(s))
                }
                (Json::Array(items), _) => {
                    let values = self.items(elem, items, path)?;
                    Ok(Value::list(values.into_iter()))
                }
                _ => Err(expected(path, "an array", json)),
            },
            (ARRAY, [index, elem]) => self.array_from_json(index, elem, json, path),
            _ => self.data_from_json(ty, name, args, json, path),
        }
    }

    /// The values of type `elem` of a JSON array's items.
    fn items(&self, elem: &Type, items: &[Json], path: &Path) -> Result<Vec<Value>, String> {
        items
            .iter()
            .enumerate()
            .map(|(i, item)| self.value_of(elem, item, &path.index(i)))
            .collect()
    }

    fn data_from_json(
        &self,
        ty: &Type,
        name: &Name,
        args: &[Type],
        json: &Json,
        path: &Path,
    ) -> Result<Value, String> {
        let Some((d, fields)) = self.data(name, args) else {
            return Err(path.error(format!(
                "a value of type `{}` cannot come from JSON",
                show_type::source(ty)
            )));
        };
        let tuple = name.as_str().starts_with("(,");
        match (name.as_str(), json) {
            ("Maybe", Json::Null) => return Ok(Value::Tag(0)),
            ("Maybe", _) if !nested_maybe(&fields[1][0]) => {
                return self.con_from_json(1, &d.cons[1], &fields[1], json, path, true);
            }
            _ if tuple => {
                return self.con_from_json(0, &d.cons[0], &fields[0], json, path, false);
            }
            _ => {}
        }
        if d.cons.iter().all(|c| c.fields.is_empty()) {
            let names: Vec<&str> = d.cons.iter().map(|c| c.name.as_str()).collect();
            let tag = json
                .as_str()
                .and_then(|s| names.iter().position(|n| *n == s));
            return match tag {
                Some(t) => Ok(Value::Tag(t as u32)),
                None => Err(expected(path, &format!("one of {names:?}"), json)),
            };
        }
        if let [con] = d.cons.as_slice() {
            return self.con_from_json(0, con, &fields[0], json, path, true);
        }
        // A sum: `{"Con": payload}`, or a nullary constructor's name.
        let pick = |name: &str| d.cons.iter().position(|c| c.name.as_str() == name);
        match json {
            Json::String(s) => match pick(s) {
                Some(t) if d.cons[t].fields.is_empty() => Ok(Value::Tag(t as u32)),
                _ => Err(path.error(format!(
                    "`{s}` is not a constructor without fields of `{}`",
                    show_type::source(ty)
                ))),
            },
            Json::Object(o) if o.len() == 1 => {
                let (k, payload) = o.iter().next().expect("one entry");
                let Some(t) = pick(k) else {
                    return Err(path.error(format!(
                        "`{k}` is not a constructor of `{}`",
                        show_type::source(ty)
                    )));
                };
                self.con_from_json(
                    t as u32,
                    &d.cons[t],
                    &fields[t],
                    payload,
                    &path.key(k),
                    true,
                )
            }
            _ => Err(expected(
                path,
                &format!(
                    "an object with one key naming a constructor of `{}`",
                    show_type::source(ty)
                ),
                json,
            )),
        }
    }

    /// Constructor `tag` from its encoding: an object of its fields (a record), its only field
    /// (when `unwrap_one`), or an array of its fields.
    fn con_from_json(
        &self,
        tag: u32,
        con: &DataCon,
        fields: &[Type],
        json: &Json,
        path: &Path,
        unwrap_one: bool,
    ) -> Result<Value, String> {
        let values: Vec<Value> = match (&con.field_names, json) {
            _ if fields.is_empty() => Vec::new(),
            (Some(field_names), Json::Object(o)) => field_names
                .iter()
                .zip(fields)
                .map(|(f, t)| {
                    let key = key_of(f);
                    match o.get(key) {
                        Some(v) => self.value_of(t, v, &path.key(key)),
                        None => Err(path.error(format!("missing key `{key}`"))),
                    }
                })
                .collect::<Result<_, _>>()?,
            (Some(_), _) => return Err(expected(path, "an object", json)),
            (None, _) if unwrap_one && fields.len() == 1 => {
                vec![self.value_of(&fields[0], json, path)?]
            }
            (None, Json::Array(items)) if items.len() == fields.len() => items
                .iter()
                .zip(fields)
                .enumerate()
                .map(|(i, (item, t))| self.value_of(t, item, &path.index(i)))
                .collect::<Result<_, _>>()?,
            (None, _) => {
                return Err(expected(
                    path,
                    &format!("an array of {} items", fields.len()),
                    json,
                ))
            }
        };
        Ok(if values.is_empty() {
            Value::Tag(tag)
        } else {
            Value::con(tag, values)
        })
    }

    fn array_from_json(
        &self,
        index: &Type,
        elem: &Type,
        json: &Json,
        path: &Path,
    ) -> Result<Value, String> {
        let (bounds, elems) = match (json, index_kind(index)) {
            (Json::Array(items), IndexKind::Int) => {
                let bounds = tuple2(Value::Int(0), Value::Int(items.len() as i64 - 1));
                (bounds, self.items(elem, items, path)?)
            }
            (Json::Array(rows), IndexKind::IntPair) => {
                let width = match rows.first() {
                    Some(Json::Array(r)) => r.len(),
                    _ => 0,
                };
                let mut elems = Vec::new();
                for (i, row) in rows.iter().enumerate() {
                    let path = path.index(i);
                    match row {
                        Json::Array(r) if r.len() == width => {
                            elems.extend(self.items(elem, r, &path)?);
                        }
                        Json::Array(r) => {
                            return Err(path.error(format!(
                                "a row of {} items where the first has {width}",
                                r.len()
                            )))
                        }
                        _ => return Err(expected(&path, "an array (a row)", row)),
                    }
                }
                let last = |n: usize| Value::Int(n as i64 - 1);
                let bounds = tuple2(
                    tuple2(Value::Int(0), Value::Int(0)),
                    tuple2(last(rows.len()), last(width)),
                );
                (bounds, elems)
            }
            (Json::Object(o), _) => {
                let field = |k: &str| {
                    o.get(k)
                        .ok_or_else(|| path.error(format!("missing key `{k}`")))
                };
                let bounds_ty = Type::tuple(vec![index.clone(), index.clone()]);
                let bounds = self.value_of(&bounds_ty, field("bounds")?, &path.key("bounds"))?;
                let elems = match field("elems")? {
                    Json::Array(items) => self.items(elem, items, &path.key("elems"))?,
                    other => return Err(expected(&path.key("elems"), "an array", other)),
                };
                let (_, lu) = fields_of(&bounds);
                let size = range_size(index, &lu[0], &lu[1]).ok_or_else(|| {
                    path.error(format!(
                        "arrays indexed by `{}` cannot come from JSON",
                        show_type::source(index)
                    ))
                })?;
                if size != elems.len() as i64 {
                    return Err(path.error(format!(
                        "the bounds hold {size} elements but `elems` has {}",
                        elems.len()
                    )));
                }
                (bounds, elems)
            }
            _ => {
                return Err(expected(
                    path,
                    "an array, or an object with `bounds` and `elems`",
                    json,
                ))
            }
        };
        let n = Value::Int(elems.len() as i64);
        Ok(Value::con(0, [bounds, n, Value::array(elems)]))
    }

    fn json_of(&self, ty: &Type, v: &Value, depth: usize) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err("the value is nested too deeply for JSON".into());
        }
        let cannot = || {
            format!(
                "a value of type `{}` cannot be written as JSON",
                show_type::source(ty)
            )
        };
        let Type::Con(name, args) = ty else {
            return Err(cannot());
        };
        Ok(match (name.as_str(), args.as_slice(), v) {
            (names::INT, [], Value::Int(i)) => Json::from(*i),
            (names::INTEGER, [], _) => Json::Number(
                integer::to_big(v)
                    .to_string()
                    .parse::<Number>()
                    .map_err(|_| cannot())?,
            ),
            (names::DOUBLE, [], Value::Double(x)) => double_json(*x),
            (names::CHAR, [], Value::Char(c)) => Json::String(c.to_string()),
            (names::BOOL, [], Value::Tag(t)) => Json::Bool(*t == 1),
            (names::UNIT, [], _) => Json::Null,
            (names::LIST, [elem], _) => {
                let items: Vec<&Value> = v.list_cells().collect();
                match elem {
                    Type::Con(c, a) if c.as_str() == names::CHAR && a.is_empty() => Json::String(
                        items
                            .iter()
                            .map(|c| match c {
                                Value::Char(c) => *c,
                                _ => '\u{fffd}',
                            })
                            .collect(),
                    ),
                    _ => Json::Array(
                        items
                            .into_iter()
                            .map(|x| self.json_of(elem, x, depth + 1))
                            .collect::<Result<_, _>>()?,
                    ),
                }
            }
            (ARRAY, [index, elem], _) => self.array_to_json(index, elem, v, depth)?,
            _ => {
                let Some((d, fields)) = self.data(name, args) else {
                    return Err(cannot());
                };
                self.data_to_json(name, d, &fields, v, depth)?
            }
        })
    }

    fn data_to_json(
        &self,
        name: &Name,
        d: &DataDecl,
        fields: &[Vec<Type>],
        v: &Value,
        depth: usize,
    ) -> Result<Json, String> {
        let (tag, values) = fields_of(v);
        let t = tag as usize;
        let (Some(con), Some(tys)) = (d.cons.get(t), fields.get(t)) else {
            return Err(format!("internal error: not a value of `{name}`"));
        };
        let payload = |unwrap_one: bool| self.con_to_json(con, tys, values, depth, unwrap_one);
        Ok(match name.as_str() {
            "Maybe" if t == 0 => Json::Null,
            "Maybe" if !nested_maybe(&tys[0]) => payload(true)?,
            _ if name.as_str().starts_with("(,") => payload(false)?,
            _ if d.cons.iter().all(|c| c.fields.is_empty()) => Json::String(con.name.to_string()),
            _ if d.cons.len() == 1 => payload(true)?,
            _ if values.is_empty() => Json::String(con.name.to_string()),
            _ => {
                let mut o = Map::new();
                o.insert(con.name.to_string(), payload(true)?);
                Json::Object(o)
            }
        })
    }

    fn con_to_json(
        &self,
        con: &DataCon,
        tys: &[Type],
        values: &[Value],
        depth: usize,
        unwrap_one: bool,
    ) -> Result<Json, String> {
        let items = tys
            .iter()
            .zip(values)
            .map(|(t, x)| self.json_of(t, x, depth + 1));
        Ok(match &con.field_names {
            Some(names) => Json::Object(
                names
                    .iter()
                    .zip(items)
                    .map(|(f, j)| Ok((key_of(f).to_string(), j?)))
                    .collect::<Result<_, String>>()?,
            ),
            None if unwrap_one && values.len() == 1 => {
                items.into_iter().next().expect("one field")?
            }
            None => Json::Array(items.collect::<Result<_, _>>()?),
        })
    }

    fn array_to_json(
        &self,
        index: &Type,
        elem: &Type,
        v: &Value,
        depth: usize,
    ) -> Result<Json, String> {
        let (_, parts) = fields_of(v);
        let (Some(bounds), Some(items)) =
            (parts.first(), parts.get(2).and_then(Value::array_items))
        else {
            return Err("internal error: not an array".into());
        };
        let elems = items
            .iter()
            .map(|x| {
                if x.is_hole() {
                    Err(crate::array_prims::UNDEFINED.to_string())
                } else {
                    self.json_of(elem, x, depth + 1)
                }
            })
            .collect::<Result<Vec<Json>, String>>()?;
        let (_, lu) = fields_of(bounds);
        let zero_based = |b: &Value| match index_kind(index) {
            IndexKind::Int => int_of(b) == 0,
            IndexKind::IntPair => fields_of(b).1.iter().all(|x| int_of(x) == 0),
            IndexKind::Other => false,
        };
        Ok(match index_kind(index) {
            IndexKind::Int if zero_based(&lu[0]) => Json::Array(elems),
            IndexKind::IntPair if zero_based(&lu[0]) && !elems.is_empty() => {
                let width = (int_of(&fields_of(&lu[1]).1[1]) + 1).max(1) as usize;
                Json::Array(
                    elems
                        .chunks(width)
                        .map(|row| Json::Array(row.to_vec()))
                        .collect(),
                )
            }
            _ => {
                let bounds_ty = Type::tuple(vec![index.clone(), index.clone()]);
                let mut o = Map::new();
                o.insert(
                    "bounds".into(),
                    self.json_of(&bounds_ty, bounds, depth + 1)?,
                );
                o.insert("elems".into(), Json::Array(elems));
                Json::Object(o)
            }
        })
    }
}

/// A Double as a JSON number, with GHC's digits (`null` for NaN and the infinities).
fn double_json(x: f64) -> Json {
    if !x.is_finite() {
        return Json::Null;
    }
    show_double(x)
        .parse::<Number>()
        .map_or(Json::Null, Json::Number)
}

fn nested_maybe(t: &Type) -> bool {
    matches!(t, Type::Con(c, _) if c.as_str() == "Maybe")
}

fn tuple2(a: Value, b: Value) -> Value {
    Value::con(0, [a, b])
}

/// The index types with an encoding of their own.
enum IndexKind {
    Int,
    IntPair,
    Other,
}

fn is_int(t: &Type) -> bool {
    matches!(t, Type::Con(c, a) if c.as_str() == names::INT && a.is_empty())
}

fn index_kind(t: &Type) -> IndexKind {
    match t {
        _ if is_int(t) => IndexKind::Int,
        Type::Con(c, a) if c.as_str() == "(,)" && a.iter().all(is_int) => IndexKind::IntPair,
        _ => IndexKind::Other,
    }
}

/// The number of indices between `l` and `u` of index type `t` (Data.Ix's `rangeSize`), for
/// `Int`, `Integer`, `Char`, `Bool` and tuples of them.
fn range_size(t: &Type, l: &Value, u: &Value) -> Option<i64> {
    let Type::Con(c, args) = t else {
        return None;
    };
    let ord = |v: &Value| -> Option<i64> {
        Some(match v {
            Value::Int(i) => *i,
            Value::SmallInteger(i) => *i,
            Value::Char(c) => i64::from(u32::from(*c)),
            Value::Tag(t) => i64::from(*t),
            _ => return None,
        })
    };
    match c.as_str() {
        names::INT | names::INTEGER | names::CHAR | names::BOOL => {
            let (l, u) = (ord(l)?, ord(u)?);
            Some(if u >= l { u - l + 1 } else { 0 })
        }
        _ if c.as_str().starts_with("(,") => {
            let (ls, us) = (fields_of(l).1, fields_of(u).1);
            args.iter()
                .zip(ls.iter().zip(us))
                .try_fold(1i64, |n, (t, (l, u))| n.checked_mul(range_size(t, l, u)?))
        }
        _ => None,
    }
}
