A small ledger, as a literate Haskell program (bird tracks).  The accounts live in the module
Ledger.Account; this file parses a journal, applies it and prints a report with printf.

> module Main (main) where
>
> import Ledger.Account
> import Data.Char (isDigit, isSpace, toUpper)
> import Data.List (intercalate)
> import Text.Printf (printf)

The journal: one transaction per line, `#` starts a comment.

> journal :: String
> journal = unlines
>   [ "# opening balances"
>   , "deposit alice 500"
>   , "deposit bob 120"
>   , "deposit carol 75"
>   , "transfer alice bob 200"
>   , "withdraw carol 100"
>   , "transfer bob dave 50"
>   , "deposit erin -5"
>   , "bogus line here"
>   , "withdraw alice 25"
>   ]

Parsing a line gives a transaction or an error message naming the line.

> parseTxn :: (Int, String) -> Either String Txn
> parseTxn (n, l) = case words l of
>   ["deposit", a, x] | number x -> Right (Deposit a (read x))
>   ["withdraw", a, x] | number x -> Right (Withdraw a (read x))
>   ["transfer", a, b, x] | number x -> Right (Transfer a b (read x))
>   ["deposit", a, '-' : x] | number x -> Right (Deposit a (negate (read x)))
>   _ -> Left ("line " ++ show n ++ ": cannot parse " ++ show l)
>   where number s = not (null s) && all isDigit s

> isEntry :: String -> Bool
> isEntry l = case dropWhile isSpace l of
>   "" -> False
>   '#' : _ -> False
>   _ -> True

> main :: IO ()
> main = do
>   let ls = lines journal
>       numbered = filter (isEntry . snd) (zip [1 .. length ls] ls)
>       parsed = map parseTxn numbered
>       txns = [t | Right t <- parsed]
>       (book, failures) = applyAll emptyBook txns
>   mapM_ putStrLn [e | Left e <- parsed]
>   mapM_ (putStrLn . ("rejected: " ++)) failures
>   printf "%-8s %8s\n" "account" "balance"
>   mapM_ (\(a, b) -> printf "%-8s %8d\n" (map toUpper a) b) (balances book)
>   let total = sum (map snd (balances book))
>   printf "total %d over %d accounts\n" total (length (balances book))
>   putStrLn ("top two: " ++ intercalate ", " [a | (a, _) <- richest 2 book])
