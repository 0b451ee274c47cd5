-- Data.IORef: mutable references in IO. The cell and its primitive operations are in the
-- Prelude; evaluation is strict, so the primed variants are the plain ones and nothing here
-- builds up thunks. There are no threads, so the atomic operations are ordinary ones.
module Data.IORef
  ( IORef, newIORef, readIORef, writeIORef
  , modifyIORef, modifyIORef', atomicModifyIORef, atomicModifyIORef', atomicWriteIORef
  ) where

modifyIORef :: IORef a -> (a -> a) -> IO ()
modifyIORef r f = readIORef r >>= \x -> writeIORef r (f x)

modifyIORef' :: IORef a -> (a -> a) -> IO ()
modifyIORef' = modifyIORef

atomicModifyIORef :: IORef a -> (a -> (a, b)) -> IO b
atomicModifyIORef r f = readIORef r >>= \x -> case f x of
  (x', result) -> writeIORef r x' >>= \_ -> return result

atomicModifyIORef' :: IORef a -> (a -> (a, b)) -> IO b
atomicModifyIORef' = atomicModifyIORef

atomicWriteIORef :: IORef a -> a -> IO ()
atomicWriteIORef = writeIORef
