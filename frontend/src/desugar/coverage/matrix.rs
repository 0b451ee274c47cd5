//! The usefulness algorithm over a clause matrix (after Maranget, "Warnings for pattern
//! matching", 2007): the values no clause matches, as example patterns, and the clauses that can
//! never match. It sees patterns only as `Shape`s. Every search is bounded: past its budget of
//! cells visited (`Search::budget`) or `DEPTH` nested calls it gives up (`GiveUp`), and the
//! caller then reports nothing.

use super::example::Example;
use dnrad_core::Name;
use num_bigint::BigInt;
use std::rc::Rc;

/// How many cells (rows times columns) one search may visit before it gives up: a base, and
/// more for each cell of the clause matrix, up to a ceiling.
const STEPS_BASE: usize = 100_000;
const STEPS_PER_CELL: usize = 200;
const STEPS_MAX: usize = 2_000_000;
/// How deeply a search (and the conversion of a pattern to a `Shape`) may nest.
pub(crate) const DEPTH: usize = 1_000;

/// The constructors of one data type with their arities, in declaration order.
pub(crate) type Family = Rc<[(Name, usize)]>;

/// A literal pattern: it matches one value of a type too large to list (or, for `n+k`, the
/// values from `k` up).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Lit {
    Int(BigInt),
    Frac(f64),
    Char(char),
    NPlusK(BigInt),
}

/// What a pattern tests its value for.
#[derive(Clone, Debug)]
pub(crate) enum Ctor {
    /// The constructor `family[index]`.
    Data {
        index: usize,
        family: Family,
    },
    Lit(Lit),
}

impl PartialEq for Ctor {
    fn eq(&self, other: &Ctor) -> bool {
        match (self, other) {
            (
                Ctor::Data {
                    index: i,
                    family: f,
                },
                Ctor::Data {
                    index: j,
                    family: g,
                },
            ) => f[*i].0 == g[*j].0,
            (Ctor::Lit(a), Ctor::Lit(b)) => a == b,
            _ => false,
        }
    }
}

impl Ctor {
    fn arity(&self) -> usize {
        match self {
            Ctor::Data { index, family } => family[*index].1,
            Ctor::Lit(_) => 0,
        }
    }
}

/// A pattern as coverage sees it: anything (a variable, `_`), or a constructor (or literal)
/// with a shape for each of its fields (shared: rows are copied often).
#[derive(Clone, Debug)]
pub(crate) enum Shape {
    Any,
    Con(Ctor, Rc<[Shape]>),
}

/// A search was too large to finish: nothing is known.
#[derive(Debug, PartialEq)]
pub(crate) struct GiveUp;

/// One clause's patterns, the first column last (columns are taken from the end).
type Row = Vec<Shape>;

fn row(columns: &[Shape]) -> Row {
    columns.iter().rev().cloned().collect()
}

/// The values (tuples of `width` values) that no covering row matches, as at most `limit`
/// example rows (first column first). Empty when the rows cover every value. A row covers when
/// `covers` says so (a clause whose guards may all fail matches no value for sure).
pub(crate) fn uncovered(
    rows: &[Vec<Shape>],
    covers: &[bool],
    width: usize,
    limit: usize,
) -> Result<Vec<Vec<Example>>, GiveUp> {
    let matrix: Vec<Row> = rows
        .iter()
        .zip(covers)
        .filter(|(_, c)| **c)
        .map(|(r, _)| row(r))
        .collect();
    Search::budget(rows.len(), width).missing(&matrix, width, 0, limit)
}

/// The indices of the rows that can never match: the covering rows before each match every
/// value it matches. Stops (keeping what it found) when the search grows too large.
pub(crate) fn redundant(rows: &[Vec<Shape>], covers: &[bool]) -> Vec<usize> {
    let width = rows.first().map_or(0, Vec::len);
    let mut search = Search::budget(rows.len(), width);
    let mut before: Vec<Row> = Vec::new();
    let mut out = Vec::new();
    for (i, (r, covers)) in rows.iter().zip(covers).enumerate() {
        let r = row(r);
        match search.useful(&before, &r, 0) {
            Ok(true) => {}
            Ok(false) => out.push(i),
            Err(GiveUp) => break,
        }
        if *covers {
            before.push(r);
        }
    }
    out
}

/// What the first column of a matrix tests.
enum Column {
    /// Nothing: every row has a wildcard there.
    Wild,
    /// Constructors of `family`; `present[i]` when `family[i]` occurs.
    Data { family: Family, present: Vec<bool> },
    /// Literals (with `n+k` patterns): the first few distinct ones, for messages.
    Lits(Vec<Lit>),
}

/// How many literals a message lists ("not one of {0, 1, ...}").
const LITS_SHOWN: usize = 6;

fn column(rows: &[Row]) -> Result<Column, GiveUp> {
    let mut col = Column::Wild;
    for r in rows {
        let Some(Shape::Con(c, _)) = r.last() else {
            continue;
        };
        match (&mut col, c) {
            (Column::Wild, Ctor::Data { index, family }) => {
                let mut present = vec![false; family.len()];
                present[*index] = true;
                col = Column::Data {
                    family: family.clone(),
                    present,
                };
            }
            (Column::Wild, Ctor::Lit(l)) => col = Column::Lits(vec![l.clone()]),
            (Column::Data { family, present }, Ctor::Data { index, family: f })
                if f[0].0 == family[0].0 =>
            {
                present[*index] = true;
            }
            (Column::Lits(lits), Ctor::Lit(l)) => {
                if lits.len() <= LITS_SHOWN && !lits.contains(l) {
                    lits.push(l.clone());
                }
            }
            // A numeric literal matching a data type's value, or an ill-typed column: which
            // constructors a literal matches is not known here.
            _ => return Err(GiveUp),
        }
    }
    Ok(col)
}

/// `r` for the values built with `c`: its first column replaced by `c`'s fields, or `None`
/// when it does not match such values.
fn specialize(r: &Row, c: &Ctor) -> Option<Row> {
    let fields = match r.last()? {
        Shape::Con(d, fields) if d == c => fields.iter().rev().cloned().collect(),
        Shape::Con(..) => return None,
        Shape::Any => vec![Shape::Any; c.arity()],
    };
    let mut out = r[..r.len() - 1].to_vec();
    out.extend(fields);
    Some(out)
}

fn specialize_all(rows: &[Row], c: &Ctor) -> Vec<Row> {
    rows.iter().filter_map(|r| specialize(r, c)).collect()
}

/// The rows that match whatever their first column is, without it.
fn defaults(rows: &[Row]) -> Vec<Row> {
    rows.iter()
        .filter(|r| matches!(r.last(), Some(Shape::Any)))
        .map(|r| r[..r.len() - 1].to_vec())
        .collect()
}

fn prepend(head: Example, rest: Vec<Example>) -> Vec<Example> {
    std::iter::once(head).chain(rest).collect()
}

struct Search {
    steps: usize,
}

impl Search {
    /// A search over `rows` clauses of `width` patterns.
    fn budget(rows: usize, width: usize) -> Search {
        let cells = rows.saturating_mul(width.max(1));
        Search {
            steps: STEPS_PER_CELL
                .saturating_mul(cells)
                .saturating_add(STEPS_BASE)
                .min(STEPS_MAX),
        }
    }

    /// Account for a call at `depth` that visits `rows` rows of `width` columns.
    fn tick(&mut self, rows: usize, width: usize, depth: usize) -> Result<(), GiveUp> {
        if depth > DEPTH {
            return Err(GiveUp);
        }
        let cells = rows
            .saturating_add(1)
            .saturating_mul(width.saturating_add(1));
        self.steps = self.steps.checked_sub(cells).ok_or(GiveUp)?;
        Ok(())
    }

    /// Whether some value matched by `q` is matched by no row of `rows`.
    fn useful(&mut self, rows: &[Row], q: &Row, depth: usize) -> Result<bool, GiveUp> {
        self.tick(rows.len(), q.len(), depth)?;
        let Some(head) = q.last() else {
            return Ok(rows.is_empty());
        };
        if let Shape::Con(c, _) = head {
            let q = specialize(q, c).ok_or(GiveUp)?;
            return self.useful(&specialize_all(rows, c), &q, depth + 1);
        }
        match column(rows)? {
            Column::Data { family, present } if present.iter().all(|p| *p) => {
                for index in 0..family.len() {
                    let c = Ctor::Data {
                        index,
                        family: family.clone(),
                    };
                    let q = specialize(q, &c).ok_or(GiveUp)?;
                    if self.useful(&specialize_all(rows, &c), &q, depth + 1)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            _ => self.useful(&defaults(rows), &q[..q.len() - 1].to_vec(), depth + 1),
        }
    }

    /// At most `limit` example rows of `width` columns that no row of `rows` matches.
    fn missing(
        &mut self,
        rows: &[Row],
        width: usize,
        depth: usize,
        limit: usize,
    ) -> Result<Vec<Vec<Example>>, GiveUp> {
        self.tick(rows.len(), width, depth)?;
        if width == 0 {
            return Ok(if rows.is_empty() {
                vec![vec![]]
            } else {
                vec![]
            });
        }
        let head = match column(rows)? {
            Column::Wild => Example::Any,
            Column::Lits(mut lits) => {
                lits.retain(|l| !matches!(l, Lit::NPlusK(_)));
                let more = lits.len() > LITS_SHOWN;
                lits.truncate(LITS_SHOWN);
                if lits.is_empty() {
                    Example::Any
                } else {
                    Example::NotOneOf(lits, more)
                }
            }
            Column::Data { family, present } => {
                return self.missing_data(rows, width, depth, limit, family, &present)
            }
        };
        // A value none of the column's constructors matches is left to the rows with a
        // wildcard there.
        let rest = self.missing(&defaults(rows), width - 1, depth + 1, limit)?;
        Ok(rest.into_iter().map(|m| prepend(head.clone(), m)).collect())
    }

    /// `missing` for a first column of data constructors: each constructor in declaration
    /// order, split further where it occurs.
    fn missing_data(
        &mut self,
        rows: &[Row],
        width: usize,
        depth: usize,
        limit: usize,
        family: Family,
        present: &[bool],
    ) -> Result<Vec<Vec<Example>>, GiveUp> {
        let mut out = Vec::new();
        let mut unmatched_rest: Option<Vec<Vec<Example>>> = None;
        for (index, (name, arity)) in family.iter().enumerate() {
            let room = limit.saturating_sub(out.len());
            if room == 0 {
                break;
            }
            if present[index] {
                let c = Ctor::Data {
                    index,
                    family: family.clone(),
                };
                let rows = specialize_all(rows, &c);
                for mut m in self.missing(&rows, width - 1 + arity, depth + 1, room)? {
                    let rest = m.split_off(*arity);
                    out.push(prepend(Example::Con(name.clone(), m), rest));
                }
            } else {
                let rest = match &unmatched_rest {
                    Some(rest) => rest,
                    None => unmatched_rest.insert(self.missing(
                        &defaults(rows),
                        width - 1,
                        depth + 1,
                        limit,
                    )?),
                };
                let fields = vec![Example::Any; *arity];
                out.extend(
                    rest.iter()
                        .take(room)
                        .map(|m| prepend(Example::Con(name.clone(), fields.clone()), m.clone())),
                );
            }
        }
        Ok(out)
    }
}
