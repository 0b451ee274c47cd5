-- Data.IORef: mutable references in IO. The cell and its primitive operations are in the
-- Prelude; evaluation is strict, so the primed variants are the plain ones and nothing here
-- builds up thunks. There are no threads, so the atomic operations are ordinary ones.
module Data.IORef
  ( IORef, newIORef, readIORef, writeIORef
  , modifyIORef, modifyIORef', atomicModifyIORef, atomicModifyIORef', atomicWriteIORef
  ) where

-- | Applies the function to the cell's value (strict: no thunks build up).
modifyIORef :: IORef a -> (a -> a) -> IO ()
modifyIORef r f = readIORef r >>= \x -> writeIORef r (f x)

-- | `modifyIORef` (evaluation is strict anyway).
modifyIORef' :: IORef a -> (a -> a) -> IO ()
modifyIORef' = modifyIORef

-- | Applies the function to the cell's value: the first component is stored, the second returned.
atomicModifyIORef :: IORef a -> (a -> (a, b)) -> IO b
atomicModifyIORef r f = readIORef r >>= \x -> case f x of
  (x', result) -> writeIORef r x' >>= \_ -> return result

-- | `atomicModifyIORef` (there are no threads; evaluation is strict).
atomicModifyIORef' :: IORef a -> (a -> (a, b)) -> IO b
atomicModifyIORef' = atomicModifyIORef

-- | `writeIORef` (there are no threads).
atomicWriteIORef :: IORef a -> a -> IO ()
atomicWriteIORef = writeIORef
