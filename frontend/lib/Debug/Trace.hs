-- Debug.Trace: messages on standard error while a program runs. Evaluation is strict, so a
-- `trace` prints when its call is evaluated (its arguments first), and `traceM` in a `do`
-- block prints when the statement is reached.
module Debug.Trace (trace, traceId, traceShow, traceShowId, traceM, traceShowM) where

-- | Writes the string to standard error and returns it.
traceId :: String -> String
traceId s = trace s s

-- | Writes the first argument's `show` to standard error and returns the second.
traceShow :: Show a => a -> b -> b
traceShow x y = trace (show x) y

-- | Writes the value's `show` to standard error and returns the value.
traceShowId :: Show a => a -> a
traceShowId x = trace (show x) x

-- | Writes the message to standard error when the statement of the `do` block runs.
traceM :: Applicative f => String -> f ()
traceM s = trace s (pure ())

-- | Writes the value's `show` to standard error when the statement runs.
traceShowM :: (Show a, Applicative f) => a -> f ()
traceShowM x = traceM (show x)
