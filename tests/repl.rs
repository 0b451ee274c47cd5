//! The REPL driven through a pipe, as scripts use it: golden transcripts (`tests/repl/NAME.in`
//! with the expected standard output in `NAME.out`), and the errors that must not end a session.

mod support;

use std::path::Path;
use support::run_dnrad_with_input;

fn repl(args: &[&str], input: &str) -> support::Outcome {
    let mut all = vec!["repl"];
    all.extend_from_slice(args);
    run_dnrad_with_input(&all, Some(input))
}

/// A REPL session on `input`, which must end normally (an error in an entry never ends one).
fn session(args: &[&str], input: &str) -> support::Outcome {
    let out = repl(args, input);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    out
}

/// Assert that `text` contains each of `needles`, naming the first it lacks.
fn contains_all(text: &str, needles: &[&str]) {
    for needle in needles {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_session_survives_its_errors_and_keeps_its_definitions() {
    // Loads the gradient example, asks a type, defines functions and a data type, evaluates
    // gradients in two modes, provokes a type error, a scope error and an unknown command, and
    // uses the earlier definitions afterwards.
    let input = std::fs::read_to_string(root().join("tests/repl/session.in")).unwrap();
    let expected = std::fs::read_to_string(root().join("tests/repl/session.out")).unwrap();
    let example = root().join("examples/gradient.hs");
    let out = session(&[example.to_str().unwrap()], &input);
    assert_eq!(out.stdout, expected, "stderr:\n{}", out.stderr);
    contains_all(
        &out.stderr,
        &[
            "couldn't match expected type `Double` with actual type `Bool`",
            // A signature alone is an expression, as in GHCi.
            "variable not in scope: `area`",
            "unknown command `:nonsense`",
            "<interactive>:",
        ],
    );
}

#[test]
fn inspection_commands_show_types_core_and_twins() {
    let input = ":{\ndouble :: Int -> Int\ndouble n = n * 2\n:}\ndata Net = Net [Double] deriving Show\n:browse\n:core double 4\n:ad \\x -> x * 2.0\n:t \\x y -> (x + y, show x)\n";
    let out = session(&[], input);
    assert!(
        out.stdout.contains("double :: Int -> Int"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("double :: Int -> Int\ndata Net = Net [Double] deriving Show\n"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("it = double 4"), "{}", out.stdout);
    assert!(out.stdout.contains("twin"), "{}", out.stdout);
    assert!(out.stdout.contains("it#R"), "{}", out.stdout);
    assert!(
        !out.stdout.contains("dnrepl"),
        "internal names: {}",
        out.stdout
    );
    // `Show a` is implied by `Num a` (a Haskell 98 superclass), so it is not shown.
    assert!(
        out.stdout.contains(":: Num a => a -> a -> (a, String)"),
        "{}",
        out.stdout
    );
}

#[test]
fn loading_a_broken_file_reports_it_and_the_session_goes_on() {
    let broken = support::temp_program("repl", "broken.hs", "f :: Int\nf = True\n");
    let good = support::temp_program("repl", "good.hs", "g :: Int -> Int\ng x = x + 1\n");
    let input = format!(
        ":load {}\n1 + 1\n:load {}\ng 41\n:reload\ng 1\n:load /no/such/file.hs\ng 2\n",
        broken.display(),
        good.display()
    );
    let out = session(&[], &input);
    assert_eq!(out.stdout, "2\n42\n2\n3\n");
    assert!(out.stderr.contains("broken.hs:2:5"), "{}", out.stderr);
    assert!(
        out.stderr.contains("cannot read /no/such/file.hs"),
        "{}",
        out.stderr
    );
}

#[test]
fn loading_a_file_reports_the_syntax_error_of_each_declaration() {
    let broken = support::temp_program(
        "repl",
        "two_errors.hs",
        "f x = = 1\ng :: Int\ng = 2\nh = [1, ]\n",
    );
    let out = session(&[], &format!(":load {}\n1 + 1\n", broken.display()));
    assert_eq!(out.stdout, "2\n");
    assert_eq!(
        out.stderr.matches("parse error").count(),
        2,
        "{}",
        out.stderr
    );
    let first = out.stderr.find("two_errors.hs:1:7");
    let second = out.stderr.find("two_errors.hs:4:9");
    assert!(first.is_some() && first < second, "{}", out.stderr);
}

#[test]
fn runtime_errors_and_bad_settings_do_not_end_the_session() {
    let input = "let f x = if x > 3 then error \"too big\" else x\nf 5\n:set ad fast\n:set backend gpu\n:set backend vm\nhead ([] :: [Int])\nf 2\n";
    let out = session(&[], input);
    assert_eq!(out.stdout, "2\n");
    contains_all(
        &out.stderr,
        &[
            "too big",
            "unknown AD mode `fast`",
            "usage: :set",
            "empty list",
        ],
    );
}

#[test]
fn imports_at_the_prompt_and_loaded_modules() {
    // `:load` of a multi-module program keeps its imports; `import` at the prompt adds a module
    // (a missing one is an error that leaves the session as it was); a qualified import of the
    // Prelude keeps the plain one, as in GHCi.
    let program = root().join("tests/programs/geometry.hs");
    let input = format!(
        ":load {}\nS.norm (Vector 3 4)\nimport Geometry.Nope\nimport qualified Prelude as P\nP.length [vx (Vector 1 2)]\n",
        program.display()
    );
    let out = session(&[], &input);
    assert_eq!(out.stdout, "5.0\n1\n", "stderr:\n{}", out.stderr);
    assert!(
        out.stderr.contains("module `Geometry.Nope` not found"),
        "{}",
        out.stderr
    );
}

#[test]
fn an_expression_with_a_signature_main_with_arguments_and_shown_types() {
    let program = support::temp_program(
        "repl",
        "args.hs",
        "import System.Environment\nmain :: IO ()\nmain = getArgs >>= print\n",
    );
    let input = "maxBound :: Int\n:main a \"b c\"  d\n:set +t\n1 + 2\nreturn 'x'\nputStr \"\"\n:unset +t\n[2.5]\n:main\n";
    let out = session(&[program.to_str().unwrap()], input);
    assert_eq!(
        out.stdout,
        "9223372036854775807\n[\"a\",\"b c\",\"d\"]\n3\nit :: Integer\n'x'\nit :: Char\n[2.5]\n[]\n",
        "stderr:\n{}",
        out.stderr
    );
}

#[test]
fn info_shows_types_declarations_and_instances() {
    let input = "data Shape = Circle Double | Square Double deriving (Show, Eq)\n:{\nclass HasArea a where\n  area :: a -> Double\n:}\ninstance HasArea Shape where area (Circle r) = 3 * r * r\n:info Shape\n:i HasArea\n:i Circle\n:i Maybe\nimport qualified Data.Map as M\n:i Map\n:t M.insert\n:i nosuch\n";
    let out = session(&[], input);
    contains_all(&out.stdout, &[
        "data Shape = Circle Double | Square Double deriving (Show, Eq)\n  -- defined in the session\n",
        "instance Show Shape\n  -- derived in the session\n",
        "instance HasArea Shape\n  -- defined in the session\n",
        "class HasArea a where\n  area :: a -> Double\n  -- defined in the session\n",
        "Circle :: Double -> Shape\n",
        "data Maybe a = Nothing | Just a\n  -- defined in the Prelude\n",
        "instance Monad Maybe\n",
        "data Map k a = ",
        "  -- defined in Data.Map.Internal\n",
        "M.insert :: Ord a => a -> b -> Map a b -> Map a b\n",
    ]);
    assert!(
        out.stderr.contains("not in scope: `nosuch`"),
        "{}",
        out.stderr
    );
}

#[test]
fn kinds_of_types_and_classes() {
    let input = "data Fix f = Fix (f (Fix f))\n:k Fix\n:k Maybe\n:k Either String\n:k [Int]\n:k (,)\n:k Functor\n:k Show\n:k String\nimport Data.Map\n:k Map\n:k Maybe Int Int\n:k Nope\n";
    let out = session(&[], input);
    assert_eq!(
        out.stdout,
        "Fix :: (* -> *) -> *\nMaybe :: * -> *\nEither String :: * -> *\n[Int] :: *\n\
         (,) :: * -> * -> *\nFunctor :: (* -> *) -> Constraint\nShow :: * -> Constraint\n\
         String :: *\nMap :: * -> * -> *\n"
    );
    assert_eq!(
        out.stderr,
        "`Maybe` is applied to 2 types, but it takes 1\n\
         type constructor or class not in scope: `Nope`\n"
    );
}

#[test]
fn doc_shows_the_comment_above_a_definition() {
    let input = ":{\n-- | The area of a disc of radius r.\n--   Negative radii are allowed.\narea :: Double -> Double\narea r = 3 * r * r\n:}\n:doc area\narea 2\nlet g x = x\n:doc g\nimport Data.List\n:doc transpose\n:doc nosuch\n";
    let out = session(&[], input);
    assert_eq!(
        out.stdout,
        "The area of a disc of radius r.\n  Negative radii are allowed.\n12.0\n\
         Rows become columns; rows may have different lengths.\n\
         > transpose [[1, 2, 3], [4, 5]] == [[1, 4], [2, 5], [3]]\n"
    );
    assert!(out
        .stderr
        .contains("`g` (defined in the session) has no documentation comment"));
    assert!(
        out.stderr.contains("no declaration of `nosuch`"),
        "{}",
        out.stderr
    );
}

#[test]
fn doc_shows_the_standard_library_documentation() {
    let input = ":doc take\n:doc (++)\n:doc Functor\n:doc fmap\n:doc Int\nimport Data.List\n\
                 :doc sortBy\n:doc grad\n:doc Data.Map.insertWith\n:doc intRange\n:doc Just\n";
    let out = session(&[], input);
    assert_eq!(
        out.stdout,
        "The first n elements (all if there are fewer).\n\
         > take 2 [1, 2, 3] == [1, 2]\n\
         Appends two lists.\n\
         Types whose contents can be mapped: lists, Maybe, Either e, IO, pairs, functions' results...\n\
         Applies a function inside the structure.\n\
         > fmap (+ 1) (Just 1) == Just 2\n\
         64-bit signed integers; arithmetic wraps around on overflow.\n\
         > (maxBound :: Int) + 1 == minBound\n\
         Sorts by the comparison, stable (equal elements keep their order), O(n log n).\n\
         The gradient of `f` at `x` by reverse mode (`dnrad run --ad` picks the algorithm). `f` must\n\
         return a Double; `x` may be a Double or any first-order value holding Doubles: tuples, lists,\n\
         Maybe/Either, records and data types, Data.Array arrays. The result has x's shape, with the\n\
         partial derivative at each Double and the other parts (Ints, lengths) copied. A function type\n\
         in `x` is a type error. It nests: `grad (grad f)`, or inside the function being differentiated.\n\
         > grad (\\(x, y) -> x * y) (2.0, 3.0) == (3.0, 2.0)\n\
         Inserts a value; if the key is present, stores `f new old`.\n\
         > insertWith (++) 1 \"x\" (fromList [(1, \"a\")]) == fromList [(1, \"xa\")]\n\
         `Just` is a constructor of `Maybe`.\n\
         An optional value: `Nothing`, or `Just` a value.\n"
    );
    // A plain comment above a Prelude helper is an implementation note, not documentation.
    assert!(
        out.stderr
            .contains("`intRange` (defined in the Prelude) has no documentation comment"),
        "{}",
        out.stderr
    );
}

/// The names an export list names that have documentation of their own: values, types,
/// classes and class methods (constructors are documented by their type's; `module M`
/// re-exports are documented where they are defined).
fn documented_exports(module: &dnrad_frontend::ast::Module) -> Vec<String> {
    use dnrad_frontend::ast::{Entity, Members};
    let mut names = Vec::new();
    for entity in module.exports.iter().flatten() {
        match entity {
            Entity::Var(v) => names.push(v.name.clone()),
            Entity::Type(t, members) => {
                names.push(t.name.clone());
                if let Some(Members::Listed(members)) = members {
                    let methods = members
                        .iter()
                        .filter(|m| !m.name.starts_with(|c: char| c.is_uppercase() || c == ':'));
                    names.extend(methods.map(|m| m.name.clone()));
                }
            }
            Entity::Module(_) => {}
        }
    }
    names
}

/// The `:doc` requests that name no documented declaration, from the REPL's errors.
fn undocumented(requests: &[String]) -> Vec<String> {
    let out = session(&[], &(requests.join("\n") + "\n"));
    out.stderr
        .lines()
        .filter(|l| l.contains("no documentation comment") || l.contains("no declaration of"))
        .map(String::from)
        .collect()
}

#[test]
fn every_export_of_the_prelude_has_documentation() {
    let prelude = dnrad::pipeline::parse_file(
        dnrad_frontend::prelude::PRELUDE_SOURCE,
        dnrad_core::FileId::MAIN,
    )
    .expect("the Prelude parses");
    let names = documented_exports(&prelude);
    assert!(
        names.len() > 200,
        "the export list has {} names",
        names.len()
    );
    let requests: Vec<String> = names.iter().map(|n| format!(":doc {n}")).collect();
    assert_eq!(undocumented(&requests), Vec::<String>::new());
}

#[test]
fn every_export_of_the_library_modules_has_documentation() {
    let mut requests = Vec::new();
    let mut files = vec![root().join("frontend/lib")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            let entries = std::fs::read_dir(&path).expect("the library directory is readable");
            files.extend(entries.map(|e| e.expect("a directory entry").path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a library module is readable");
        let module = dnrad::pipeline::parse_file(&text, dnrad_core::FileId::LIBRARY)
            .expect("a library module parses");
        let name = module
            .name
            .as_ref()
            .expect("a library module is named")
            .name
            .clone();
        let exports = documented_exports(&module);
        requests.extend(exports.iter().map(|n| format!(":doc {name}.{n}")));
    }
    assert!(
        requests.len() > 500,
        "the export lists have {} names",
        requests.len()
    );
    assert_eq!(undocumented(&requests), Vec::<String>::new());
}

#[test]
fn edit_runs_the_editor_on_the_loaded_file_and_loads_it_again() {
    let file = support::temp_program("repl", "edited.hs", "g :: Int\ng = 41\n");
    let input = format!(":load {}\ng\n:edit\ng\n", file.display());
    let env = [("EDITOR", "sed -i s/41/42/")];
    let out = support::run_dnrad_env(&["repl"], Some(input.as_bytes()), None, &env);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "41\n42\n", "stderr:\n{}", out.stderr);
    let out = repl(&[], ":edit\n");
    assert!(out.stderr.contains("no file to edit"), "{}", out.stderr);
}

#[test]
fn errors_in_an_expression_point_into_what_was_typed() {
    // Each entry is its own `<interactive>` text, line 1; an error in the wrapper the session
    // adds (showing the value) points at the whole expression; no internal name shows.
    let input = "let f x = head x\n1 + True\nf []\n:t not 'a'\nf ([] :: [Int])\n";
    let out = session(&[], input);
    assert_eq!(out.stdout, "", "stderr:\n{}", out.stderr);
    contains_all(
        &out.stderr,
        &[
            "<interactive>:1:1 ]\n   │\n 1 │ 1 + True\n",
            "<interactive>:1:1 ]\n   │\n 1 │ f []\n",
            "<interactive>:1:5 ]\n   │\n 1 │ not 'a'\n",
            "empty list",
        ],
    );
    assert!(!out.stderr.contains("dnrepl"), "{}", out.stderr);
}

#[test]
fn a_literate_file_loads() {
    let file = support::temp_program(
        "repl",
        "queue.lhs",
        "A literate module.\n\n> double :: Int -> Int\n> double n = n * 2\n\nMore prose.\n\n> triple :: Int -> Int\n> triple n = n + double n\n",
    );
    let out = session(&[file.to_str().unwrap()], "triple 5\n:t double\n");
    assert!(out.stdout.contains("15\n"), "{}", out.stdout);
    assert!(
        out.stdout.contains("double :: Int -> Int"),
        "{}",
        out.stdout
    );
}

#[test]
fn expressions_read_the_lines_that_follow_and_an_exit_ends_only_the_expression() {
    let input = "import System.Exit\nimport System.Environment\ngetLine >>= \\s -> putStrLn (reverse s)\nhello there\nexitWith (ExitFailure 3)\n1 + 1\nexitWith ExitSuccess\ngetProgName\nlength \"still here\"\n";
    let out = session(&[], input);
    assert_eq!(out.stdout, "ereht olleh\n2\n\"<interactive>\"\n10\n");
    assert_eq!(
        out.stderr,
        "*** Exception: ExitFailure 3\n*** Exception: ExitSuccess\n"
    );
}

#[test]
fn bad_bytes_and_an_unclosed_bracket_end_only_their_own_entries() {
    // Invalid UTF-8 is a lex error of its entry; an empty line ends an entry whose bracket is
    // still open (its parse error), and the entries after both run.
    let input = b"1 + 1\n\xff\xfe bad\n2 + 2\nlet x = (1 +\n\n3 * 3\n";
    let out = support::run_dnrad_bytes(&["repl"], Some(input), None);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "2\n4\n9\n", "stderr:\n{}", out.stderr);
    assert!(out.stderr.contains("lex error"), "{}", out.stderr);
    assert!(out.stderr.contains("parse error"), "{}", out.stderr);
}

#[test]
fn an_entry_past_max_time_stops_with_an_error_and_the_session_goes_on() {
    let input = ":{\nloop :: Int -> Int\nloop n = loop (n + 1)\n:}\nloop 0\n1 + 1\n";
    let out = session(&["--max-time", "0.5"], input);
    assert_eq!(out.stdout, "2\n", "stderr:\n{}", out.stderr);
    assert!(out.stderr.contains("time limit exceeded"), "{}", out.stderr);
}

/// Ctrl-C (SIGINT, sent until the session moves on) stops the running entry, native loop or
/// not, and the session runs the next entries with its definitions.
fn ctrl_c_stops_an_endless_loop(backend: &str) {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dnrad"))
        .arg("repl")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start dnrad");
    let mut stdin = child.stdin.take().unwrap();
    let input = format!(
        ":set backend {backend}\n:{{\nloop :: Int -> Int\nloop n = if n < 0 then n else loop (n + 1)\n:}}\n\
         putStrLn \"start\"\nloop 1\nputStrLn \"after\"\nloop 2\nputStrLn \"end\"\n"
    );
    stdin.write_all(input.as_bytes()).unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seen = Vec::new();
    while !seen.iter().any(|l| l == "after") {
        assert!(Instant::now() < deadline, "not interrupted: {seen:?}");
        match received.recv_timeout(Duration::from_millis(200)) {
            Ok(line) => seen.push(line),
            // SAFETY: `kill` with a child's pid and a signal number has no memory effects.
            Err(_) if seen.iter().any(|l| l == "start") => unsafe {
                assert_eq!(libc::kill(child.id() as i32, libc::SIGINT), 0);
            },
            Err(_) => {}
        }
    }
    // The second loop too.
    while !seen.iter().any(|l| l == "end") {
        assert!(Instant::now() < deadline, "not interrupted twice: {seen:?}");
        match received.recv_timeout(Duration::from_millis(200)) {
            Ok(line) => seen.push(line),
            // SAFETY: as above.
            Err(_) => unsafe {
                assert_eq!(libc::kill(child.id() as i32, libc::SIGINT), 0);
            },
        }
    }
    drop(stdin);
    let out = child.wait_with_output().expect("dnrad did not finish");
    reader.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(seen, ["start", "after", "end"], "{stderr}");
    // Each error names it twice: in its headline and at its location.
    assert_eq!(
        stderr.matches("interrupted (Ctrl-C)").count(),
        4,
        "{stderr}"
    );
}

/// In a terminal (a pseudo-terminal made by `script`, util-linux): rustyline reads the lines,
/// Ctrl-C (the byte the terminal turns into SIGINT) stops a running entry, and the session goes
/// on, with `it` and the history. The line editor sets a SIGINT handler of its own, which the REPL's must come after.
#[test]
fn ctrl_c_stops_an_entry_in_a_terminal() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    let home = std::env::temp_dir().join(format!("dnrad-repl-tty-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    // `exec`: `script` runs the command through `$SHELL -c`, and a shell that stays as the
    // REPL's parent (dash does) dies of the Ctrl-C itself, which `script -e` reports as 130.
    let command = format!("exec {} repl", env!("CARGO_BIN_EXE_dnrad"));
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .env("HOME", &home)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("`script` (util-linux) runs the REPL in a pseudo-terminal");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let seen = Arc::new(Mutex::new(String::new()));
    let reader = {
        let seen = Arc::clone(&seen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buf) {
                seen.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        })
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    // Wait until the output shows `needle` at least `count` times, writing `poke` (if any)
    // every 300 ms meanwhile.
    let wait = |stdin: &mut std::process::ChildStdin, needle: &str, count: usize, poke: &[u8]| {
        while seen.lock().unwrap().matches(needle).count() < count {
            assert!(
                Instant::now() < deadline,
                "no `{needle}`: {}",
                seen.lock().unwrap()
            );
            stdin.write_all(poke).unwrap();
            std::thread::sleep(Duration::from_millis(300));
        }
    };
    let send = |stdin: &mut std::process::ChildStdin, text: &str| {
        stdin.write_all(text.as_bytes()).unwrap();
    };
    wait(&mut stdin, "dnrad> ", 1, b"");
    send(
        &mut stdin,
        "let loop n = if n < (0 :: Int) then n else loop (n + 1)\n",
    );
    wait(&mut stdin, "dnrad> ", 2, b"");
    // Ctrl-C only once the entry runs (a `\x03` read with the line would be the editor's).
    send(&mut stdin, "do { putStrLn \"go\"; print (loop 1) }\n");
    wait(&mut stdin, "go\r\n", 1, b"");
    wait(&mut stdin, "interrupted (Ctrl-C)", 1, b"\x03");
    send(&mut stdin, "1 + 2\n");
    wait(&mut stdin, "\n3\r\n", 1, b"");
    // `it`, and the line editor's history: the up arrow brings back the last entry.
    send(&mut stdin, "it * 10\n");
    wait(&mut stdin, "\n30\r\n", 1, b"");
    send(&mut stdin, "\x1b[A\n");
    wait(&mut stdin, "\n300\r\n", 1, b"");
    send(&mut stdin, ":quit\n");
    // `script` may end its child when its own input closes: keep the input open until the
    // REPL has left by itself.
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "no exit: {}",
            seen.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    drop(stdin);
    reader.join().unwrap();
    assert!(status.success(), "{status}: {}", seen.lock().unwrap());
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn ctrl_c_stops_an_entry_on_the_vm() {
    ctrl_c_stops_an_endless_loop("vm");
}

#[test]
fn ctrl_c_stops_an_entry_on_the_interpreter() {
    ctrl_c_stops_an_endless_loop("interp");
}

#[test]
fn an_entry_past_max_heap_stops_with_an_error_and_its_memory_is_freed() {
    // The second run of the growing entry fails like the first: the count dropped back in
    // between. The last entry runs.
    let grow = "length (grow 0 [])\n";
    let input = format!(
        ":{{\ngrow :: Int -> [Int] -> [Int]\ngrow n acc = grow (n + 1) (n : acc)\n:}}\n{grow}{grow}length [1 .. 1000 :: Int]\n"
    );
    let out = session(&["--max-heap", "100M"], &input);
    assert_eq!(out.stdout, "1000\n", "stderr:\n{}", out.stderr);
    let message = "runtime error: heap limit exceeded (100 MB, --max-heap)";
    assert_eq!(out.stderr.matches(message).count(), 2, "{}", out.stderr);
}

/// `it` and `x <- action` (`tests/repl/it.in`) on one backend: the transcript is GHCi 9.0's
/// output for the same input, but for `:type it` (GHCi's prompt has no monomorphism
/// restriction and shows `Num a => a`; the REPL keeps a run-time value, of the defaulted type).
/// `it` chains, is an IO action's result, stays after a failing entry; `getLine` and `readLn`
/// read the lines that follow; an action's effect happens once; a definition shadows a name.
fn it_and_bound_names(backend: &str) {
    let input = std::fs::read_to_string(root().join("tests/repl/it.in")).unwrap();
    let expected = std::fs::read_to_string(root().join("tests/repl/it.out")).unwrap();
    let out = session(&[], &format!(":set backend {backend}\n{input}"));
    assert_eq!(out.stdout, expected, "stderr:\n{}", out.stderr);
    assert!(
        out.stderr.contains("no instance for (Num Bool)") && !out.stderr.contains("dnrepl"),
        "{}",
        out.stderr
    );
}

#[test]
fn it_and_bound_names_on_the_vm() {
    it_and_bound_names("vm");
}

#[test]
fn it_and_bound_names_on_the_interpreter() {
    it_and_bound_names("interp");
}

#[test]
fn kept_values_are_shared_across_entries_and_backends() {
    // A mutable reference bound once is the same cell in later entries, whichever backend runs
    // them; a value of a user data type and of a library type (a Map) is kept; `:browse`
    // lists the kept names with their types.
    let input = "import Data.IORef\nimport qualified Data.Map as M\nr <- newIORef (0 :: Int)\n\
        modifyIORef r (+ 1)\n:set backend interp\nmodifyIORef r (+ 10)\n:set backend vm\nreadIORef r\n\
        data T = A | B Int deriving Show\nt <- return (B 3)\n[A, t]\n\
        m <- return (M.fromList [(i, i * i) | i <- [1 .. 5 :: Int]])\nM.lookup 4 m\n\
        xs <- return []\nlength xs\n:browse\n";
    let out = session(&[], input);
    assert_eq!(
        out.stdout,
        "11\n[A,B 3]\nJust 16\n0\ndata T = A | B Int deriving Show\n\
         r :: IORef Int\nt :: T\nm :: Map Int Int\nxs :: [a]\nit :: Int\n",
        "stderr:\n{}",
        out.stderr
    );
}

#[test]
fn names_whose_values_are_not_kept_say_why() {
    // A function is not kept across entries (GHCi keeps it); a value whose data type is
    // redefined is dropped; a polymorphic mutable reference is not kept (it would be unsound).
    let input = "f <- return (+ 1)\nf 2\n:type f\ndata T = A deriving Show\nt <- return A\nt\n\
        data T = B deriving Show\nt\nimport Data.IORef\nq <- newIORef []\nq\nlet f = 5\nf\n";
    let out = session(&[], input);
    assert_eq!(out.stdout, "A\n5\n", "stderr:\n{}", out.stderr);
    contains_all(&out.stderr, &[
        "`f` is not available: its value is a function, and the REPL keeps no functions across entries",
        "`t` is not available: its type `T` was redefined",
        "`q` is not available: its type `IORef [a]` is polymorphic and holds a mutable reference",
    ]);
    // `f 2`, `:type f`, `t` and `q` fail; nothing else does.
    assert_eq!(out.stderr.matches("Error:").count(), 4, "{}", out.stderr);
}

#[test]
fn a_failed_or_refuted_binding_binds_nothing_and_runs_once() {
    // A type error runs nothing; a refuted pattern fails after the action ran (once); the
    // names keep their earlier values.
    let input = "x <- return 1\nx <- putStrLn \"ran\" >> return (1 + True)\n\
        Just x <- putStrLn \"ran once\" >> return Nothing\nx\n";
    let out = session(&[], input);
    assert_eq!(out.stdout, "ran once\n1\n", "stderr:\n{}", out.stderr);
    contains_all(
        &out.stderr,
        &[
            "no instance for (Num Bool)",
            "Pattern match failure in do expression",
        ],
    );
}
