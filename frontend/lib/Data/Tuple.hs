-- Data.Tuple: functions on pairs (all but `swap` are the Prelude's).
module Data.Tuple (fst, snd, curry, uncurry, swap) where

-- | The pair the other way round.
-- > swap (1, 'a') == ('a', 1)
swap :: (a, b) -> (b, a)
swap (a, b) = (b, a)
