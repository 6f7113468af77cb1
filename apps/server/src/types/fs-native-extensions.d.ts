// The package ships no types; only the call this server makes.
declare module "fs-native-extensions" {
  /** An exclusive lock on the open file, held until the descriptor closes; false when another holds it. */
  export function tryLock(fd: number): boolean;
}
