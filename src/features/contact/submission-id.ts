/** A random id for one submission (crypto.randomUUID needs a secure context; this does not). */
export function submissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
