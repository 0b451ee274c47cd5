\documentclass{article}
\begin{document}

\section{Queens}

This is literate Haskell in the \LaTeX{} style: the program is the text
between the code delimiters.  Inside a code block every line is code,
so comments there are Haskell comments.

\begin{code}
module Main where

-- | All ways to place n queens on an n-by-n board, one per column.
queens :: Int -> [[Int]]
queens n = go n
  where
    go 0 = [[]]
    go k = [q : qs | qs <- go (k - 1), q <- [1 .. n], safe q qs]

safe :: Int -> [Int] -> Bool
safe q qs = and [q /= c && abs (q - c) /= d | (d, c) <- zip [1 .. length qs] qs]
\end{code}

A board is drawn one row per line.

\begin{code}
draw :: Int -> [Int] -> [String]
draw n qs = [[if q == col then 'Q' else '.' | col <- [1 .. n]] | q <- qs]

main :: IO ()
main = do
  mapM_ (\n -> putStrLn (show n ++ " queens: " ++ show (length (queens n)))) [1 .. 7]
  mapM_ putStrLn (draw 5 (head (queens 5)))
  print (take 3 (queens 6))
\end{code}

\end{document}
