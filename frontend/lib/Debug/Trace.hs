-- Debug.Trace: messages on standard error while a program runs. Evaluation is strict, so a
-- `trace` prints when its call is evaluated (its arguments first), and `traceM` in a `do`
-- block prints when the statement is reached.
module Debug.Trace (trace, traceId, traceShow, traceShowId, traceM, traceShowM) where

traceId :: String -> String
traceId s = trace s s

traceShow :: Show a => a -> b -> b
traceShow x y = trace (show x) y

traceShowId :: Show a => a -> a
traceShowId x = trace (show x) x

traceM :: Applicative f => String -> f ()
traceM s = trace s (pure ())

traceShowM :: (Show a, Applicative f) => a -> f ()
traceShowM x = traceM (show x)
