/** 'Il ne reste que ces quelques points…' (plural) or '… ce point' (singular): the signup error box title. */
export function errorBoxTitle(count: number, action = 'valider votre inscription'): string {
  return count > 1 ? `Il ne reste que ces quelques points à corriger pour ${action}` : `Il ne reste que ce point à corriger pour ${action}`;
}
