-- A one-field constructor (a newtype, a data wrapper, Data.Set's Set) returned where a
-- polymorphic function's result (`either error id`) is read as it: the native tier read the
-- wrapper's cell address as its field (`W []`) until session 36.
import qualified Data.Set as S

newtype W = W [Int] deriving Show

data T = Tip | Bin Int T T deriving Show

data S = S T deriving Show

unwrapW :: Either String W -> W
unwrapW e = either error id e

unwrapS :: Either String S -> S
unwrapS = either error id

main :: IO ()
main = do
  print (unwrapW (Right (W [1, 2])), unwrapS (Right (S (Bin 1 Tip Tip))))
  print (either error id (Right (S.fromList [3, 1, 2 :: Int]) :: Either String (S.Set Int)))
  print (read "fromList [1,2]" :: S.Set Int)
  print (map (either error id) [Right (W [k]) | k <- [1 .. 3]] :: [W])
