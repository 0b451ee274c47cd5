-- Data.IntMap, Data.IntMap.Strict and Data.IntSet: Data.Map and Data.Set at Int keys; Read of
-- maps and sets.
import qualified Data.IntMap as IM
import qualified Data.IntMap.Strict as IMS
import qualified Data.IntSet as IS
import qualified Data.Map as M
import qualified Data.Set as S

counts :: [Int] -> IM.IntMap Int
counts = foldr (\k m -> IM.insertWith (+) k 1 m) IM.empty

main :: IO ()
main = do
  let m = counts [3, 1, 3, 2, 3, 1]
  print m
  print (IM.lookup 3 m, IM.findWithDefault 0 9 m, IM.toList (IM.map (* 10) m))
  print (IMS.fromListWith (++) [(1 :: Int, "a"), (2, "b"), (1, "c")])
  let s = IS.fromList [5, 1, 5, 3 :: Int]
  print (s, IS.member 3 s, IS.toList (IS.insert 0 s), IS.size s)
  print (IM.keys m, IM.elems m, IM.size m, IM.unionWith (+) m m)
  print (read "fromList [(1,\"a\"),(2,\"b\")]" :: M.Map Int String)
  print (read (show (S.fromList "hello")) :: S.Set Char)
  print (read "Just (fromList [(3,True)])" :: Maybe (M.Map Int Bool))
  print (reads "fromList [1,2] rest" :: [(S.Set Int, String)])
