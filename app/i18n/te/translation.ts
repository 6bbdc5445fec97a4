/**
 * A catalogue's shape with its texts free: the same keys, nested the same way (an object literal typed with it
 * may miss none and add none), any text where the English has one, and every other value (a number, a flag) as
 * the English has it. English catalogues declared `as const` hold literal texts, which a translation cannot match.
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Translation<R>
    : T extends object
      ? { [K in keyof T]: Translation<T[K]> }
      : T;
