/** The shape a translation must have: the same keys as the pt-BR catalogue, every leaf a string. */
export type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
