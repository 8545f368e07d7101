/** Resolves after `ms` milliseconds, in a later task (0: the next one, the main thread given back). */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
