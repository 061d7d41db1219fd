/** The shape of a translation: the English file's keys, with any string as value. */
export type Translation<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
