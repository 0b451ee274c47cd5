//! Input and output through the pipeline, in process: both backends run each program (the VM
//! on simplified core, so this also checks that the simplifier keeps every effect: none
//! dropped, duplicated or reordered) with a given standard input, and must print exactly the
//! expected output and standard error and end with the expected exit code, or fail with the
//! same error at the same place. The programs' semantics are Haskell's (their outputs are what
//! GHC prints for them).

use dnrad::pipeline::{self, Options};
use dnrad_backend::{Backend, World};

/// What a run printed and how it ended.
#[derive(Debug, PartialEq)]
struct Ran {
    stdout: String,
    stderr: String,
    exit: Option<i64>,
    error: Option<String>,
    /// The line of the program the error names.
    error_line: Option<usize>,
}

fn run_on(backend: Backend, program: &str, input: &str, args: &[&str]) -> Ran {
    let mut sources = pipeline::sources_for("io.hs", program);
    let options = Options {
        lint: true,
        backend,
        ..Options::default()
    };
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (out, err, result) = pipeline::with_big_stack(|| {
        let (mut stdin, mut out, mut err) = (input.as_bytes(), Vec::new(), Vec::new());
        let mut world = World::new(&mut stdin, &mut out, &mut err).with_args("io", args);
        let result = pipeline::run_in(&mut sources, options, &mut world);
        drop(world);
        (out, err, result)
    });
    let (exit, error, error_line) = match result {
        Ok(stats) => (stats.exit, None, None),
        Err(diags) => {
            let line = program[..diags[0].span.lo as usize].matches('\n').count() + 1;
            (None, Some(diags[0].message.clone()), Some(line))
        }
    };
    Ran {
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
        exit,
        error,
        error_line,
    }
}

/// Run on both backends, which must agree; returns the interpreter's run.
fn run(program: &str, input: &str, args: &[&str]) -> Ran {
    let interp = run_on(Backend::Interp, program, input, args);
    let vm = run_on(Backend::Vm, program, input, args);
    assert_eq!(interp, vm, "the backends disagree on\n{program}");
    interp
}

#[test]
fn effects_run_once_each_in_order_and_only_when_their_action_runs() {
    let program = r#"
main :: IO ()
main = do
  let twice = putStr "x" >>= \_ -> putStr "y"
      never = putStrLn "never printed"
      greet name = putStrLn ("hello " ++ name)
  a <- getLine
  b <- getLine
  putStrLn (b ++ a)
  twice
  twice
  putStrLn ""
  mapM_ greet [a, b]
  c <- getChar
  rest <- getContents
  print (c, rest)
  print (length [never, never])
"#;
    let ran = run(program, "one\ntwo\nthree\nfour", &[]);
    assert_eq!(
        ran.stdout,
        "twoone\nxyxy\nhello one\nhello two\n('t',\"hree\\nfour\")\n2\n"
    );
    assert_eq!((ran.exit, ran.error), (None, None));
}

#[test]
fn actions_stored_in_data_and_returned_by_functions_run_when_sequenced() {
    let program = r#"
import Data.IORef

counter :: IORef Int -> IO Int
counter r = readIORef r >>= \n -> writeIORef r (n + 1) >>= \_ -> return n

main :: IO ()
main = do
  r <- newIORef 10
  let actions = [counter r, counter r, counter r]
  xs <- sequence (reverse actions)
  print xs
  v <- readIORef r
  ys <- mapM (\k -> counter r >>= \n -> return (n * k)) [1, 2, 3]
  print (v, ys)
  s <- newIORef ""
  mapM_ (\c -> readIORef s >>= \t -> writeIORef s (c : t)) "abc"
  readIORef s >>= putStrLn
"#;
    let ran = run(program, "", &[]);
    assert_eq!(ran.stdout, "[10,11,12]\n(13,[13,28,45])\ncba\n");
}

#[test]
fn arguments_program_name_exit_codes_and_trace() {
    let program = r#"
import System.Environment
import System.Exit
import System.IO
import Debug.Trace

main :: IO ()
main = do
  args <- getArgs
  name <- getProgName
  print (name, args)
  print (trace "evaluated" (length args))
  hPutStr stderr "to stderr\n"
  exitWith (ExitFailure (length args))
  putStrLn "not reached"
"#;
    let ran = run(program, "", &["a", "b c"]);
    assert_eq!(ran.stdout, "(\"io\",[\"a\",\"b c\"])\n2\n");
    assert_eq!(ran.stderr, "evaluated\nto stderr\n");
    assert_eq!((ran.exit, ran.error), (Some(2), None));
    let exit = "import System.Exit\nmain = ";
    let success = run(
        &format!("{exit}putStr \"a\" >>= \\_ -> exitSuccess"),
        "",
        &[],
    );
    assert_eq!((success.stdout.as_str(), success.exit), ("a", Some(0)));
    let zero = run(&format!("{exit}exitWith (ExitFailure 0)"), "", &[]);
    assert_eq!(
        zero.error.as_deref(),
        Some("exitWith: invalid argument (ExitFailure 0)")
    );
}

#[test]
fn files_are_written_appended_read_and_missing_ones_are_errors() {
    let dir = std::env::temp_dir().join(format!("dnrad-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("notes.txt");
    let program = format!(
        r#"
import System.IO

main :: IO ()
main = do
  let path = {path:?}
  writeFile path "alpha\n"
  appendFile path "beta\n"
  s <- readFile path
  putStr s
  h <- openFile path ReadMode
  l <- hGetLine h
  eof <- hIsEOF h
  rest <- hGetContents h
  print (l, eof, rest)
  readFile (path ++ ".missing") >>= putStr
"#,
        path = path.to_str().unwrap()
    );
    let ran = run(&program, "", &[]);
    assert_eq!(ran.stdout, "alpha\nbeta\n(\"alpha\",False,\"beta\\n\")\n");
    let missing = format!(
        "{}.missing: openFile: does not exist (No such file or directory)",
        path.display()
    );
    assert_eq!(ran.error.as_deref(), Some(missing.as_str()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reading_past_the_end_of_input_is_an_error() {
    let ran = run(
        "main = getLine >>= putStrLn >>= \\_ -> getLine",
        "only\n",
        &[],
    );
    assert_eq!(ran.stdout, "only\n");
    assert_eq!(ran.error.as_deref(), Some("<stdin>: hGetLine: end of file"));
    let ran = run("main = getChar >>= print", "", &[]);
    assert_eq!(ran.error.as_deref(), Some("<stdin>: hGetChar: end of file"));
    let ran = run("main = interact (map succ)", "HAL", &[]);
    assert_eq!(ran.stdout, "IBM");
}

#[test]
fn a_failed_action_is_located_at_its_statement() {
    let program = r#"
import System.IO

ask :: Bool -> IO String
ask b = if b then getLine else return "skipped"

main :: IO ()
main = do
  x <- ask False
  putStrLn x
  let total = foldr (\a b -> a + b) 0 [1 .. 10 :: Int]
  y <- ask
         (total > 5)
  putStrLn y
"#;
    let ran = run(program, "", &[]);
    assert_eq!(ran.error.as_deref(), Some("<stdin>: hGetLine: end of file"));
    assert_eq!(ran.error_line, Some(12));
    let program = r#"
import System.IO

main :: IO ()
main = do
  h <- openFile "/dev/null" WriteMode
  hClose h
  hPutStrLn h
    "late"
"#;
    let ran = run(program, "", &[]);
    assert_eq!(
        ran.error.as_deref(),
        Some("/dev/null: hPutStr: illegal operation (handle is closed)")
    );
    assert_eq!(ran.error_line, Some(8));
}
