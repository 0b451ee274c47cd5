//! The module system through the `dnrad` binary: programs of several files in a temporary
//! directory, search paths, and the located errors of imports and exports (missing module, cycle,
//! unexported or ambiguous names, a file that declares another module).

mod support;

use std::path::{Path, PathBuf};
use support::{run_dnrad, run_dnrad_args};

/// Write `files` (relative path, text) into a fresh directory named after `case`.
fn project(case: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dnrad-modules-{}-{case}", std::process::id()));
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// `dnrad run` of `main.hs` in the project must fail with a diagnostic at `file:line:col`
/// whose message contains `message`.
fn fails_at(dir: &Path, at: &str, message: &str) {
    let out = run_dnrad(&["run"], &dir.join("main.hs"));
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    assert!(out.stderr.contains(at), "expected {at}:\n{}", out.stderr);
    assert!(
        out.stderr.contains(message),
        "expected `{message}`:\n{}",
        out.stderr
    );
}

const SHAPES: &str = "module Shapes (Shape(..), area, Named(name), unit) where\n\
    data Shape = Square Double | Rect { w :: Double, h :: Double } deriving Show\n\
    class Named a where\n  name :: a -> String\n  secretName :: a -> String\n\
    instance Named Shape where\n  name _ = \"shape\"\n  secretName _ = \"hidden\"\n\
    area :: Shape -> Double\narea (Square s) = s * s\narea (Rect a b) = a * b\n\
    unit :: Shape\nunit = Square 1\nhelper :: Int\nhelper = 7\n";

#[test]
fn imports_select_what_is_in_scope() {
    let dir = project(
        "select",
        &[
            ("Shapes.hs", SHAPES),
            (
                "main.hs",
                "import qualified Shapes as Sh\nimport Shapes (Shape(Rect, h), area)\n\
                 main = do\n  print (area (Rect 2 3))\n  print (Sh.area Sh.unit, Sh.name (Sh.Square 2))\n\
                 \x20 print ((Rect 1 1) { h = 5 })\n",
            ),
        ],
    );
    let out = run_dnrad(&["run"], &dir.join("main.hs"));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "6.0\n(1.0,\"shape\")\nRect {w = 1.0, h = 5.0}\n"
    );
}

#[test]
fn names_outside_the_import_are_not_in_scope() {
    let shapes = ("Shapes.hs", SHAPES);
    let cases: [(&str, &str, &str); 5] = [
        // Not exported at all.
        (
            "import Shapes\nmain = print helper\n",
            "main.hs:2:14",
            "not in scope: `helper`",
        ),
        // A method left out of `Named(name)`.
        (
            "import Shapes\nmain = putStrLn (secretName unit)\n",
            "main.hs:2:18",
            "not in scope: `secretName`",
        ),
        // Asked for by an import list.
        (
            "import Shapes (helper)\nmain = print 1\n",
            "main.hs:1:16",
            "does not export `helper`",
        ),
        // Only qualified.
        (
            "import qualified Shapes\nmain = print (area unit)\n",
            "main.hs:2:15",
            "not in scope: `area`",
        ),
        // Hidden from the Prelude.
        (
            "import Prelude hiding (map)\nmain = print (map id [1])\n",
            "main.hs:2:15",
            "not in scope: `map`",
        ),
    ];
    for (i, (main, at, message)) in cases.into_iter().enumerate() {
        let dir = project(&format!("scope{i}"), &[shapes, ("main.hs", main)]);
        fails_at(&dir, at, message);
    }
}

#[test]
fn two_imports_of_one_name_are_ambiguous_at_the_use() {
    let dir = project(
        "ambiguous",
        &[
            ("A.hs", "module A where\nsize :: Int\nsize = 1\n"),
            ("B.hs", "module B (size) where\nsize :: Int\nsize = 2\n"),
            ("C.hs", "module C (module A) where\nimport A\n"),
            (
                "main.hs",
                "import A\nimport C\nimport B\nmain = print (A.size + C.size)\nbad = size\n",
            ),
        ],
    );
    // `A.size` and `C.size` are one entity (C re-exports A's); `size` is A's or B's.
    fails_at(&dir, "main.hs:5:7", "ambiguous name `size`");
}

#[test]
fn a_program_may_define_what_the_prelude_defines() {
    let dir = project(
        "shadow",
        &[(
            "main.hs",
            "lookup :: Int -> Int\nlookup = (* 2)\nmain = print (lookup 21, Prelude.lookup 1 [(1, 'a')])\n",
        )],
    );
    let out = run_dnrad(&["run"], &dir.join("main.hs"));
    assert_eq!(out.stdout, "(42,Just 'a')\n", "{}", out.stderr);
}

#[test]
fn missing_modules_cycles_and_wrong_names_are_located() {
    let missing = project(
        "missing",
        &[("main.hs", "main = print 1\n\nimport Data.Nope\n")],
    );
    fails_at(&missing, "main.hs:3:1", "must come before");
    let missing = project(
        "missing2",
        &[("main.hs", "import Data.Nope\nmain = print 1\n")],
    );
    fails_at(&missing, "main.hs:1:8", "module `Data.Nope` not found");
    let cycle = project(
        "cycle",
        &[
            ("P/A.hs", "module P.A where\nimport P.B\na = 1\n"),
            ("P/B.hs", "module P.B where\nimport P.A\nb = 2\n"),
            ("main.hs", "import P.A\nmain = print a\n"),
        ],
    );
    fails_at(
        &cycle,
        "B.hs:2:8",
        "import cycle: `P.A` imports `P.B` imports `P.A`",
    );
    let wrong = project(
        "wrong",
        &[
            ("Util.hs", "module Utils where\nx = 1\n"),
            ("main.hs", "import Util\nmain = print x\n"),
        ],
    );
    fails_at(
        &wrong,
        "Util.hs:1:8",
        "imported as module `Util` but declares module `Utils`",
    );
    let export = project(
        "export",
        &[
            ("E.hs", "module E (f, g) where\nf = 1\n"),
            ("main.hs", "import E\nmain = print f\n"),
        ],
    );
    fails_at(&export, "E.hs:1:14", "the export list names `g`");
}

#[test]
fn modules_are_found_on_the_search_path_and_may_be_literate() {
    let dir = project(
        "search",
        &[
            ("lib/Text/Greet.lhs", "Greetings.\n\n> module Text.Greet (greet) where\n> greet :: String -> String\n> greet n = \"hello, \" ++ n\n"),
            ("app/main.hs", "import Text.Greet\nmain = putStrLn (greet \"modules\")\n"),
        ],
    );
    let main = dir.join("app/main.hs");
    let lib = dir.join("lib");
    let out = run_dnrad(&["run"], &main);
    assert_eq!(out.code, Some(1), "not found without -i");
    let out = run_dnrad_args(&["run", "-i", lib.to_str().unwrap(), main.to_str().unwrap()]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "hello, modules\n");
}

#[test]
fn errors_in_literate_files_point_into_them() {
    // Comment paragraphs of different lengths before the error: its line and column must be
    // those of the .lhs file.
    let dir = project(
        "literate",
        &[
            ("Lib.lhs", "A library module, described at some length here.\n\n> module Lib (f) where\n\nMore prose.\n\n> f :: Int -> Int\n> f x = x + undefinedName\n"),
            ("main.hs", "import Lib\nmain = print (f 1)\n"),
        ],
    );
    fails_at(&dir, "Lib.lhs:8:13", "not in scope: `undefinedName`");
}

/// The standard library's module names, from its files (`frontend/lib/A/B.hs` is `A.B`).
fn library_modules() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("frontend/lib");
    let mut out = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "hs") {
                let rel = path.strip_prefix(&root).unwrap().with_extension("");
                let parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("."));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_library_module_compiles_and_imports_together() {
    // Each module qualified under its own name: every one of them must load, and together they
    // must not clash (their globals are qualified by module).
    let modules = library_modules();
    assert!(modules.iter().any(|m| m == "Control.Applicative"));
    let mut text: String = modules
        .iter()
        .map(|m| format!("import qualified {m}\n"))
        .collect();
    text.push_str(
        "import Control.Applicative (liftA2, liftA3, (<**>))\n\
         main = print (liftA2 (+) (Just 1) (Just 2), liftA3 (,,) [1] \"ab\" [()], Just 3 <**> Just negate)\n",
    );
    let dir = project("library", &[("main.hs", &text)]);
    let out = run_dnrad(&["run", "--lint"], &dir.join("main.hs"));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "(Just 3,[(1,'a',()),(1,'b',())],Just (-3))\n");
}
