/** '1 sac', '3 sacs': French plurals from 2 (0 and 1 take the singular). Shared by the apps and the server's mails. */
export const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
