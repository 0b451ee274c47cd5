-- Graph algorithms over Data.Map and Data.Set: breadth-first search, Dijkstra's shortest paths
-- with a Set as the priority queue, topological sorting and connected components; Data.Maybe
-- handles the missing entries.
import qualified Data.Map as Map
import qualified Data.Set as Set
import Data.Maybe (fromMaybe, mapMaybe, catMaybes, isNothing)
import Data.List (foldl', unfoldr, intercalate)

type Graph = Map.Map String [(String, Int)]

roads :: [(String, String, Int)]
roads =
  [ ("Amsterdam", "Utrecht", 45), ("Amsterdam", "Haarlem", 20), ("Haarlem", "Leiden", 30)
  , ("Leiden", "TheHague", 20), ("TheHague", "Rotterdam", 25), ("Utrecht", "Rotterdam", 60)
  , ("Utrecht", "Arnhem", 65), ("Arnhem", "Nijmegen", 20), ("Rotterdam", "Breda", 50)
  , ("Breda", "Eindhoven", 60), ("Nijmegen", "Eindhoven", 75), ("Groningen", "Assen", 30)
  , ("Assen", "Zwolle", 70) ]

undirected :: [(String, String, Int)] -> Graph
undirected es = Map.fromListWith (++) (concat [[(a, [(b, d)]), (b, [(a, d)])] | (a, b, d) <- es])

neighbours :: Graph -> String -> [String]
neighbours g v = map fst (fromMaybe [] (Map.lookup v g))

-- Hop counts from the start, level by level.
bfs :: Graph -> String -> Map.Map String Int
bfs g start = go (Map.singleton start 0) [start]
  where
    go seen [] = seen
    go seen frontier =
      let next = Set.toList (Set.fromList [n | v <- frontier, n <- neighbours g v, Map.notMember n seen])
          level = 1 + fromMaybe 0 (Map.lookup (head frontier) seen)
      in go (foldl' (\m n -> Map.insert n level m) seen next) next

-- Distances and predecessors from the start.
dijkstra :: Graph -> String -> (Map.Map String Int, Map.Map String String)
dijkstra g start = go (Set.singleton (0, start)) (Map.singleton start 0) Map.empty
  where
    go queue dist prev = case Set.minView queue of
      Nothing -> (dist, prev)
      Just ((d, v), rest)
        | d > fromMaybe maxBound (Map.lookup v dist) -> go rest dist prev
        | otherwise ->
            let better = [(n, d + w) | (n, w) <- fromMaybe [] (Map.lookup v g), maybe True (d + w <) (Map.lookup n dist)]
                queue' = foldl' (\q (n, nd) -> Set.insert (nd, n) q) rest better
                dist' = foldl' (\m (n, nd) -> Map.insert n nd m) dist better
                prev' = foldl' (\m (n, _) -> Map.insert n v m) prev better
            in go queue' dist' prev'

path :: Map.Map String String -> String -> String -> [String]
path prev from to = reverse (to : unfoldr step to)
  where step v = if v == from then Nothing else fmap (\p -> (p, p)) (Map.lookup v prev)

components :: Graph -> [[String]]
components g = go (Map.keysSet g)
  where
    go unvisited = case Set.lookupMin unvisited of
      Nothing -> []
      Just v -> let comp = Map.keysSet (bfs g v) in Set.toList comp : go (Set.difference unvisited comp)

-- Kahn's algorithm; Nothing when there is a cycle.
topoSort :: Map.Map String [String] -> Maybe [String]
topoSort deps = go (Map.keysSet (Map.filter null indeg0)) indeg0 []
  where
    nodes = Set.toList (Set.fromList (Map.keys deps ++ concat (Map.elems deps)))
    indeg0 = Map.fromList [(n, [d | d <- fromMaybe [] (Map.lookup n deps)]) | n <- nodes]
    go ready pending acc = case Set.minView ready of
      Nothing -> if all null (Map.elems pending) then Just (reverse acc) else Nothing
      Just (n, ready') ->
        let pending' = Map.map (filter (/= n)) (Map.delete n pending)
            newly = [m | (m, ds) <- Map.toList pending', null ds, Map.member m pending, not (null (fromMaybe [] (Map.lookup m pending)))]
        in go (foldr Set.insert ready' newly) pending' (n : acc)

main :: IO ()
main = do
  let g = undirected roads
  print (Map.size g, Map.keys g)
  print (Map.toList (bfs g "Amsterdam"))
  let (dist, prev) = dijkstra g "Amsterdam"
  mapM_ (\(city, d) -> putStrLn (city ++ ": " ++ show d ++ " km via " ++ intercalate " > " (path prev "Amsterdam" city))) (Map.toList dist)
  print (Map.lookup "Assen" dist, isNothing (Map.lookup "Assen" dist))
  print (components g)
  let build = Map.fromList [("app", ["lib", "utils"]), ("lib", ["base"]), ("utils", ["base", "text"]), ("text", ["base"]), ("tests", ["app"])]
  print (topoSort build)
  print (topoSort (Map.insert "base" ["tests"] build))
  print (catMaybes [Map.lookup c dist | c <- ["Breda", "Paris", "Leiden"]], mapMaybe (`Map.lookup` dist) ["Zwolle", "Utrecht"])
