-- A service configuration written as Haskell values: records, enumerations and parameterised
-- types read with derived Read instances, validated, and printed back with show.

data Level = Debug | Info | Warn | Error
  deriving (Show, Read, Eq, Ord, Enum, Bounded)

data Endpoint = Endpoint { host :: String, port :: Int, secure :: Bool }
  deriving (Show, Read, Eq)

data Limit a = Unlimited | AtMost a | Between a a
  deriving (Show, Read, Eq)

data Service = Service
  { name :: String
  , endpoints :: [Endpoint]
  , level :: Level
  , timeout :: Double
  , retries :: Limit Int
  , weights :: [(String, Double)]
  , owner :: Maybe String
  } deriving (Show, Read, Eq)

configText :: [String]
configText =
  [ "Service {name = \"auth\", endpoints = [Endpoint {host = \"10.0.0.1\", port = 443, secure = True}], level = Warn, timeout = 2.5, retries = AtMost 3, weights = [(\"eu\",0.75),(\"us\",0.25)], owner = Just \"team-a\"}"
  , "  Service { name = \"search\" , endpoints = [ Endpoint { host = \"search.local\" , port = 9200 , secure = False } , Endpoint {host = \"backup\", port = 9201, secure = False} ] , level = Debug , timeout = 1e-1 , retries = Between 1 5 , weights = [] , owner = Nothing }  "
  , "Service {name = \"broken\", endpoints = [], level = Loud, timeout = 1.0, retries = Unlimited, weights = [], owner = Nothing}"
  , "(Service {name = \"billing\", endpoints = [Endpoint {host = \"pay\", port = 8443, secure = True}], level = Error, timeout = 30, retries = Unlimited, weights = [(\"all\", 1)], owner = Just \"finance\"})"
  , "Service {name = \"cache\", endpoints = [Endpoint {host = \"mem\", port = -1, secure = False}], level = Info, timeout = 0.5, retries = AtMost (-2), weights = [], owner = Nothing}"
  , "Service {name = \"unfinished\", endpoints = ["
  ]

parseService :: String -> Either String Service
parseService s = case [x | (x, rest) <- reads s, all (`elem` " \t") rest] of
  [svc] -> Right svc
  [] -> Left ("cannot parse: " ++ take 40 s ++ "...")
  _ -> Left "ambiguous"

problems :: Service -> [String]
problems svc =
  [ "no endpoints" | null (endpoints svc) ] ++
  [ "bad port " ++ show (port e) ++ " on " ++ host e | e <- endpoints svc, port e <= 0 || port e > 65535 ] ++
  [ "negative retry limit" | bad (retries svc) ] ++
  [ "weights sum to " ++ show total | not (null (weights svc)), abs (total - 1) > 1e-9 ]
  where
    total = sum (map snd (weights svc))
    bad (AtMost n) = n < 0
    bad (Between a b) = a < 0 || b < a
    bad Unlimited = False

report :: Either String Service -> [String]
report (Left err) = ["  error: " ++ err]
report (Right svc) =
  ("  " ++ name svc ++ " at " ++ show (level svc) ++ ", timeout " ++ show (timeout svc) ++ "s") :
  map ("    problem: " ++) (problems svc)

main :: IO ()
main = do
  let parsed = map parseService configText
  putStrLn "Services:"
  mapM_ (mapM_ putStrLn . report) parsed
  let good = [svc | Right svc <- parsed, null (problems svc)]
  putStrLn ("Healthy: " ++ show (map name good))
  putStrLn "Round trip:"
  mapM_ (\svc -> print (read (show svc) == svc)) good
  print (head good)
  let quiet = [svc { level = max Warn (level svc) } | svc <- good]
  print (map level quiet)
  print [(l, fromEnum l) | l <- [minBound .. maxBound :: Level], l >= read "Info"]
  print (read "[AtMost 1,Between (-1) 2,Unlimited]" :: [Limit Int])
  print (read " ( Between 1.5 2.5 ) " :: Limit Double)
  print (reads "Endpoint {host = \"h\", port = 1, secure = True} trailing" :: [(Endpoint, String)])
