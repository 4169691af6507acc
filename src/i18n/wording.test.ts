/**
 * How the interface speaks, checked over every locale file (core and bundles):
 * - no text names a button by a character that once stood for its icon ("its ⋯ menu", "the ⓘ
 *   button"): the app draws its icons, and a member (or a screen reader) knows a button by its name;
 * - German addresses the member with "du" throughout, never with the formal "Sie";
 * - Portuguese is Brazilian Portuguese throughout (docs/decisions/0030-brazilian-portuguese.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

const root = join(import.meta.dirname, 'locales');
const BUNDLES = [
  '',
  ...readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name),
];

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/** Every string of a language as [where, key, text], where = "<bundle>/<lang>.json" or "<lang>.json". */
function strings(lang: string): [string, string, string][] {
  return BUNDLES.flatMap((bundle) => {
    const file = join(bundle, `${lang}.json`);
    const data = flatten(JSON.parse(readFileSync(join(root, file), 'utf8')));
    return Object.entries(data).map(([key, text]): [string, string, string] => [file, key, text]);
  });
}

// --- Icon characters -------------------------------------------------------------------------

/**
 * Characters that stand for an icon: every "other symbol" (☰ ✎ ▸ ✕ ⓘ ✓ ⚙ 📌 and emoji), and the
 * math signs used as menu dots (⋯ ⋮ ≡). Typography is not an icon: ° and № (place, shirt number),
 * × in "1.5×", the arrows that name the ↑ ↓ keys, and the ellipsis of "Remind me…".
 */
const NOT_AN_ICON = new Set(['°', '№']);
const ICON = /[\p{So}⋯⋮≡]/gu;

function iconCharacters(text: string): string[] {
  return [...text.matchAll(ICON)].map((m) => m[0]).filter((ch) => !NOT_AN_ICON.has(ch));
}

describe('locale texts', () => {
  it.each([...LANGUAGES])('%s names buttons by their names, never by an icon character', (lang) => {
    const offenders = strings(lang)
      .filter(([, , text]) => iconCharacters(text).length > 0)
      .map(([file, key, text]) => `${file} ${key}: ${text}`);
    expect(offenders).toEqual([]);
  });

  it('would notice an icon character (the check itself)', () => {
    expect(iconCharacters('Pin a message from its ⋯ menu')).toEqual(['⋯']);
    expect(iconCharacters('The ⓘ button shows its members')).toEqual(['ⓘ']);
    expect(iconCharacters('Open ☰, then ✎ or ▸; close with ✕')).toEqual(['☰', '✎', '▸', '✕']);
    expect(iconCharacters('Tap 📌 to pin')).toEqual(['📌']);
    expect(iconCharacters('Use ↑ and ↓, play at 1.5×, “Remind me…”, 3° posto, №')).toEqual([]);
  });
});

// --- German: "du" ----------------------------------------------------------------------------

/** Sentences, also split after a colon or semicolon: a capital after one starts a sentence. */
const sentences = (text: string) => text.split(/(?<=[.!?:;])\s+/u).filter(Boolean);
const FORMAL = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/gu;
/** English third person: the German capital Sie/Ihr… at a sentence's start then means they/their/it. */
const THIRD_PERSON = /\b(they|them|their|theirs|it|its|he|him|his|she|her)\b/iu;

/**
 * Where a German text addresses the member formally. Inside a sentence a capital "Sie", "Ihr…" or
 * "Ihnen" is always the formal "you" ("they" is lower case there: "wählen Sie", "die Sie
 * gespeichert haben"). At a sentence's start the capital is also "they/their/it" ("Sie können den
 * Kanal weiter lesen" of a banned member), so there the English sentence decides: it is the
 * formal "you" unless the English one speaks of someone or something else.
 */
function formalAddress(german: string, english: string): string[] {
  const de = sentences(german);
  const en = sentences(english);
  return de.flatMap((sentence, index) =>
    [...sentence.matchAll(FORMAL)]
      .filter((m) => {
        if (m.index > 0) return true;
        const counterpart = de.length === en.length ? en[index]! : english;
        return !THIRD_PERSON.test(counterpart);
      })
      .map((m) => `${m[0]} in “${sentence}”`),
  );
}

describe('German', () => {
  const english = new Map(strings('en').map(([, key, text]) => [key, text]));

  it('addresses the member with "du", never with the formal "Sie"', () => {
    const offenders = strings('de').flatMap(([file, key, text]) =>
      formalAddress(text, english.get(key) ?? '').map((found) => `${file} ${key}: ${found}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would notice the formal "Sie" and keeps "they" (the check itself)', () => {
    // Formal imperatives and possessives, wherever they stand.
    expect(formalAddress('Wählen Sie einen Zeitpunkt in der Zukunft.', 'Choose a time in the future.')).toHaveLength(1);
    expect(
      formalAddress('Keine Erinnerungen. Öffnen Sie das Menü und wählen Sie „Erinnere mich…“.', 'None. Open the menu.'),
    ).toHaveLength(2);
    expect(formalAddress('Nachrichten, die Sie gespeichert haben', 'Messages you saved')).toHaveLength(1);
    expect(formalAddress('Ihre Erinnerungen werden geladen…', 'Loading your reminders…')).toHaveLength(1);
    expect(formalAddress('Prüfen Sie Ihre Verbindung.', 'Check your connection.')).toHaveLength(2);
    expect(formalAddress('Ihnen fehlt die Berechtigung.', 'You do not have permission.')).toHaveLength(1);
    // "They", "their" and "it" at a sentence's start.
    expect(formalAddress('Sie können den Kanal weiter lesen.', 'They can still read the channel.')).toEqual([]);
    expect(formalAddress('Sie wird für alle gelöscht.', 'It will be deleted for everyone.')).toEqual([]);
    expect(
      formalAddress(
        'Entferne versteckte Zeichen: Sie können Text wie etwas anderes aussehen lassen',
        'Remove hidden characters: they can make text look like something else',
      ),
    ).toEqual([]);
    expect(
      formalAddress(
        '{{name}} ist blockiert: Nachrichten kommen nicht mehr an. Ihre Nachrichten bleiben sichtbar.',
        '{{name}} is blocked: they can no longer message you. Their messages still show.',
      ),
    ).toEqual([]);
    // The informal address passes.
    expect(formalAddress('Wähle einen Zeitpunkt; deine Erinnerungen bleiben.', 'Choose a time.')).toEqual([]);
  });
});

// --- Portuguese: Brazilian -------------------------------------------------------------------

/**
 * Words and forms only European Portuguese uses, each with its Brazilian counterpart in the
 * decision record: the "tu" address, "a + infinitive" for an ongoing action ("A carregar…"), and
 * the vocabulary the app had mixed (ligação/conexão, partilhar/compartilhar, guardar/salvar …).
 */
/** A whole word (a regular expression's \b knows no accented letters). */
const word = (alternatives: string) => `(?<!\\p{L})(${alternatives})(?!\\p{L})`;
const EUROPEAN = new RegExp(
  [
    word('tu|teu|tua|teus|tuas|ti|contigo|estás|tens|podes|queres|fores'),
    // "A carregar…", "…, a ligar novamente" (but "a partir de" is Brazilian too).
    `(^|[.;:,]\\s+)${word('a')}\\s+(?!partir(?!\\p{L}))\\p{L}+(ar|er|ir)(?!\\p{L})`,
    word('ligação|ligações|partilh\\p{L}*|guardar|guardad[oa]s?|guarda|ficheiros?|ecrã|utilizador(es)?'),
    word('palavra-passe|introduz\\p{L}*|demasiad\\p{L}*|contacto|contactar|equipas?|golos?|guarda-redes|plantel'),
    word('sondage(m|ns)|registo|registar|camisola|jornada|separador|carácter|controlo|anónim\\p{L}*|por ler'),
  ].join('|'),
  'iu',
);

const europeanPortuguese = (text: string) => EUROPEAN.exec(text)?.[0]?.trim();

describe('Portuguese', () => {
  it('is Brazilian Portuguese in every text', () => {
    const offenders = strings('pt')
      .filter(([, , text]) => europeanPortuguese(text))
      .map(([file, key, text]) => `${file} ${key}: “${europeanPortuguese(text)}” in ${text}`);
    expect(offenders).toEqual([]);
  });

  it('would notice European Portuguese (the check itself)', () => {
    for (const text of [
      'Introduz a tua palavra-passe',
      'A carregar as tuas ligas…',
      'Falha na ligação, a ligar novamente...',
      'Partilhar uma localização',
      'Não foi possível guardar o seu voto.',
      'Criar uma sondagem',
      'Golos de {{team}}',
    ]) {
      expect(europeanPortuguese(text), text).toBeTruthy();
    }
    for (const text of [
      'Digite sua senha',
      'Carregando suas ligas…',
      'Falha na conexão, reconectando...',
      'Compartilhar uma localização',
      'Não foi possível salvar seu voto.',
      'Criar uma enquete',
      'A pessoa ainda poderá ler o canal',
      'Salvos e lembretes',
    ]) {
      expect(europeanPortuguese(text), text).toBeUndefined();
    }
  });
});
