-- Data.Maybe: functions on Maybe (the type and `maybe` are the Prelude's).
module Data.Maybe
  ( Maybe(Nothing, Just), maybe
  , isJust, isNothing, fromJust, fromMaybe, listToMaybe, maybeToList, catMaybes, mapMaybe
  ) where

-- | Whether the value is a Just.
isJust :: Maybe a -> Bool
isJust (Just _) = True
isJust Nothing = False

-- | Whether the value is Nothing.
isNothing :: Maybe a -> Bool
isNothing Nothing = True
isNothing (Just _) = False

-- | The value in a Just; the error "Maybe.fromJust: Nothing" for Nothing.
fromJust :: Maybe a -> a
fromJust (Just x) = x
fromJust Nothing = error "Maybe.fromJust: Nothing"

-- | The value in a Just, or the default for Nothing.
-- > fromMaybe 0 Nothing == 0
fromMaybe :: a -> Maybe a -> a
fromMaybe d Nothing = d
fromMaybe _ (Just x) = x

-- | The first element of a list, if any.
listToMaybe :: [a] -> Maybe a
listToMaybe [] = Nothing
listToMaybe (x:_) = Just x

-- | The value of a Just as a one-element list; [] for Nothing.
maybeToList :: Maybe a -> [a]
maybeToList Nothing = []
maybeToList (Just x) = [x]

-- | The values of the Justs, in order.
catMaybes :: [Maybe a] -> [a]
catMaybes ms = [x | Just x <- ms]

-- | Maps the function and keeps the values of the Justs.
-- > mapMaybe (\x -> if x > 1 then Just (x * 10) else Nothing) [1, 2, 3] == [20, 30]
mapMaybe :: (a -> Maybe b) -> [a] -> [b]
mapMaybe _ [] = []
mapMaybe f (x:xs) = case f x of
  Nothing -> mapMaybe f xs
  Just y -> y : mapMaybe f xs
