-- Accounts for ledger.lhs: a map of balances (qualified Data.Map), transactions that may fail
-- (Either), and a summary sorted by balance.
module Ledger.Account
  ( Account
  , Txn(..)
  , Book
  , emptyBook
  , apply
  , applyAll
  , balances
  , richest
  ) where

import qualified Data.Map as Map
import Data.List (sortBy)

type Account = String

data Txn
  = Deposit Account Integer
  | Withdraw Account Integer
  | Transfer Account Account Integer
  deriving (Show, Eq)

newtype Book = Book (Map.Map Account Integer)

emptyBook :: Book
emptyBook = Book Map.empty

balance :: Account -> Map.Map Account Integer -> Integer
balance = Map.findWithDefault 0

apply :: Book -> Txn -> Either String Book
apply (Book m) t = case t of
  Deposit a n
    | n <= 0 -> Left ("bad amount in " ++ show t)
    | otherwise -> Right (Book (Map.insertWith (+) a n m))
  Withdraw a n
    | balance a m < n -> Left ("insufficient funds: " ++ a)
    | otherwise -> Right (Book (Map.adjust (subtract n) a m))
  Transfer a b n -> do
    Book m' <- apply (Book m) (Withdraw a n)
    apply (Book m') (Deposit b n)

-- Apply every transaction; failed ones are reported and skipped.
applyAll :: Book -> [Txn] -> (Book, [String])
applyAll book = foldl step (book, [])
  where
    step (b, errs) t = case apply b t of
      Left e -> (b, errs ++ [e])
      Right b' -> (b', errs)

balances :: Book -> [(Account, Integer)]
balances (Book m) = Map.toList m

richest :: Int -> Book -> [(Account, Integer)]
richest k = take k . sortBy byBalance . balances
  where byBalance (a, x) (b, y) = compare y x `orElse` compare a b
        orElse EQ o = o
        orElse o _ = o
