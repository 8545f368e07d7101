import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as fr from '@zxcvbn-ts/language-fr';

/**
 * The lowest zxcvbn score a team password may have: 3 means about 10^8 guesses or more by
 * zxcvbn's estimate, which the throttled login (server/lib/login-throttle.ts, about a hundred
 * guesses a day per account) would take millions of years to reach, and which stays costly
 * offline against the scrypt hashes should a backup leak. 0–2 are the common lists' passwords,
 * keyboard runs, repeats and names with a year.
 */
export const TEAM_PASSWORD_MIN_SCORE = 3;

/** Words that say "this shop" to a guesser: a password made of them is as good as known. */
const SITE_WORDS = ['popote', 'equipe', 'équipe', 'popote-equipe', 'lyon', 'dejeuner', 'déjeuner', 'livraison', 'cuisine', 'livreur', 'admin'];

let factory: ZxcvbnFactory | undefined;

/**
 * Built on first use (about 80 ms, the lists held in memory): a server that never sets a team
 * password never loads them. Without Levenshtein distances: they cost 100–250 ms of the event
 * loop per check against 1–25 ms, and the leet and reversed-word matchers already catch the
 * usual disguises of a listed password.
 */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...fr.dictionary },
    graphs: common.adjacencyGraphs,
    translations: fr.translations,
  });
  return factory;
}

/** The member's own words (name, address), which a guesser tries first. */
export function personalWords(member: { name: string; email: string }): string[] {
  const [local = '', domain = ''] = member.email.toLowerCase().split('@');
  const words = [member.name, ...member.name.split(/[\s'’-]+/), member.email, local, ...local.split(/[._+-]+/), domain, domain.split('.')[0] ?? ''];
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3))];
}

export interface PasswordJudgement {
  ok: boolean;
  score: number;
  /** Why it is refused and how to choose better, in French; null when accepted. */
  message: string | null;
}

/**
 * Whether a team member may choose this password: zxcvbn's score against the common and French
 * lists, the shop's words and the member's own, at least TEAM_PASSWORD_MIN_SCORE. A refusal says
 * why (zxcvbn's warning, in French) and how to choose a better one.
 */
export function judgeTeamPassword(password: string, member: { name: string; email: string }): PasswordJudgement {
  const inputs = [...SITE_WORDS, ...personalWords(member)];
  // zxcvbn reads what follows a hyphen as random characters: "camille-martin-1" scores 4 and
  // "camillemartin1" 1. The password is judged with its separators too and without, the lower
  // score deciding, so a listed phrase is not made strong by its hyphens.
  const joined = password.replace(/[\s._-]+/g, '');
  const results: ZxcvbnResult[] = [zxcvbn().check(password, inputs), ...(joined && joined !== password ? [zxcvbn().check(joined, inputs)] : [])];
  const result = results.reduce((worst, r) => (r.score < worst.score ? r : worst));
  if (result.score >= TEAM_PASSWORD_MIN_SCORE) return { ok: true, score: result.score, message: null };
  const why = result.feedback.warning ? ` ${result.feedback.warning.replace(/\.?$/, '.')}` : '';
  return {
    ok: false,
    score: result.score,
    message:
      `Ce mot de passe est trop facile à deviner.${why} ` +
      'Choisissez plutôt trois ou quatre mots sans lien entre eux, séparés par des tirets ou des espaces (par exemple « ardoise-brume-tricycle-quatorze »), sans votre nom, votre adresse ni « Popote ».',
  };
}
