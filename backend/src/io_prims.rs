//! The primitives that act on the world (`PrimOp::uses_world`: the effects, `trace` and the
//! REPL's values across runs; semantics in
//! `dnrad_core::prim`): runtime values in and out of the run's `World`. Strings read are built
//! straight into Haskell lists from their last character. It never decides buffering or words
//! a failure itself (the world does), and it never runs code.

use crate::prims::{int, string_of, PrimResult};
use crate::value::{MutCell, Value};
use crate::world::{Buffering, World, STDERR};
use dnrad_core::PrimOp;
use std::rc::Rc;

/// The message of the error that ends a run on `exitWith`: the world holds the exit code, and
/// whoever runs the program reports that instead of this.
pub(crate) const EXITED: &str = "the program exited";

const NOT_A_REF: &str = "internal error: not a mutable cell";

fn cell(v: &Value) -> Result<&MutCell, String> {
    match v {
        Value::Ref(c) => Ok(c),
        _ => Err(NOT_A_REF.into()),
    }
}

/// Apply `op`; it may take its arguments (a cell keeps the value it is given).
pub(crate) fn apply(op: PrimOp, args: &mut [Value], world: &mut World) -> PrimResult {
    use PrimOp::*;
    let h = int(&args[0]);
    Ok(match op {
        HPutStr => {
            world.put(h, &string_of(&args[1]))?;
            Value::unit()
        }
        HGetLine => Value::string(world.get_line(h)?),
        HGetChar => Value::Char(world.get_char(h)?),
        HGetContents => Value::string(&world.get_contents(h)?),
        HIsEOF => Value::bool(world.is_eof(h)?),
        HFlush => {
            world.flush_handle(h)?;
            Value::unit()
        }
        HClose => {
            world.close(h)?;
            Value::unit()
        }
        HSetBuffering => {
            let buffering = match int(&args[1]) {
                0 => Buffering::None,
                1 => Buffering::Line,
                _ => Buffering::Block,
            };
            world.set_buffering(h, buffering)?;
            Value::unit()
        }
        OpenFile => Value::Int(world.open(&string_of(&args[0]), int(&args[1]))?),
        GetArgs => Value::list(world.args().iter().map(|a| Value::string(a))),
        GetProgName => Value::string(world.prog_name()),
        Exit => {
            world.exit(h);
            return Err(EXITED.into());
        }
        IoError => return Err(string_of(&args[0])),
        NewRef => Value::Ref(Rc::new(MutCell {
            value: std::cell::RefCell::new(std::mem::take(&mut args[0])),
        })),
        ReadRef => cell(&args[0])?.value.borrow().clone(),
        WriteRef => {
            let new = std::mem::take(&mut args[1]);
            cell(&args[0])?.value.replace(new);
            Value::unit()
        }
        Trace => {
            let mut text = string_of(&args[0]);
            text.push('\n');
            world.put(STDERR, &text)?;
            std::mem::take(&mut args[1])
        }
        SessionValue => world.lent(h)?,
        MainResult => {
            world.keep_result(std::mem::take(&mut args[0]));
            Value::unit()
        }
        _ => return Err(format!("internal error: `{}` is not an effect", op.name())),
    })
}
