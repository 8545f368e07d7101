/** A vowel or a mute h: « de » elides before it. */
const ELIDES = /^[aeiouyhàâäéèêëîïôöùûüœæ]/i;

/** « de Bob », « d’Alice », « d’Émile »: French elides « de » before a vowel (docs/product/wording.md). */
export const ofName = (name: string) => (ELIDES.test(name.trim()) ? `d’${name.trim()}` : `de ${name.trim()}`);
