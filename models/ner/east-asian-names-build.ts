/**
 * Writes `synthetic/east-asian-names.ts`: Chinese, Korean and Japanese names as Latin-script text
 * writes them ("Chen Xiulan", "Kim Min-seo", "Tanaka Yuki"), which faker only has in their
 * own scripts. Run once by hand; its output is committed, so data builds and CI never need the
 * romanisation packages:
 *
 *   npm install --no-save pinyin-pro hangul-romanization   (with the other build-time packages of
 *                                                            README.md: npm drops --no-save ones)
 *   npx tsx models/ner/east-asian-names-build.ts && npx prettier --write models/ner/synthetic/east-asian-names.ts
 *
 * - Chinese: faker's zh_CN and zh_TW given names and surnames in pinyin without tones (pinyin-pro,
 *   MIT), given names joined ("Xiulan") as in mainland usage and hyphenated ("Shu-fen") as in Taiwan.
 * - Korean: faker's ko given names, each syllable in Revised Romanization (hangul-romanization,
 *   MIT), hyphenated ("Min-seo") and joined ("Minseo"); surnames in their usual spelling ("Kim",
 *   "Choi"), from the table below, not the Revised Romanization ("Gim", "Choe").
 * - Japanese: faker has no Latin-script Japanese names, so common given names and surnames in
 *   Hepburn without long-vowel marks, written here.
 *
 * Dropped, as from the other extra name lists: names under three letters ("Li", "Oh") and lower-case
 * stems of the en/fr/es Hunspell dictionaries ("Long", "Fan", "Park", "Song": common words).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { commonWords } from './common-words.js';
import { definitionList } from './synthetic/lexicon.js';

const require = createRequire(import.meta.url);
const { pinyin } = require('pinyin-pro') as {
  pinyin: (text: string, options: Record<string, unknown>) => string[];
};
const hangul = require('hangul-romanization') as { convert: (text: string) => string };

/** Usual spellings of Korean surnames, by their Hangul. */
const KOREAN_SURNAMES: Record<string, string> = {
  김: 'Kim',
  이: 'Lee',
  박: 'Park',
  최: 'Choi',
  정: 'Jung',
  강: 'Kang',
  조: 'Cho',
  윤: 'Yoon',
  장: 'Jang',
  임: 'Lim',
  한: 'Han',
  오: 'Oh',
  서: 'Seo',
  신: 'Shin',
  권: 'Kwon',
  황: 'Hwang',
  안: 'Ahn',
  송: 'Song',
  류: 'Ryu',
  유: 'Yoo',
  홍: 'Hong',
  전: 'Jeon',
  고: 'Ko',
  문: 'Moon',
  양: 'Yang',
  손: 'Son',
  배: 'Bae',
  백: 'Baek',
  허: 'Heo',
  남: 'Nam',
  노: 'Noh',
  하: 'Ha',
  곽: 'Kwak',
  성: 'Sung',
  차: 'Cha',
  주: 'Joo',
  우: 'Woo',
  민: 'Min',
  진: 'Jin',
  지: 'Ji',
  엄: 'Um',
  채: 'Chae',
  원: 'Won',
  천: 'Cheon',
  방: 'Bang',
  공: 'Gong',
  현: 'Hyun',
  함: 'Ham',
  변: 'Byun',
  염: 'Yeom',
  여: 'Yeo',
  추: 'Choo',
  도: 'Do',
  석: 'Seok',
  선: 'Sun',
  설: 'Seol',
  마: 'Ma',
  길: 'Gil',
  연: 'Yeon',
  위: 'Wi',
  표: 'Pyo',
  명: 'Myung',
  기: 'Ki',
  반: 'Ban',
  왕: 'Wang',
  금: 'Keum',
  옥: 'Ok',
  육: 'Yook',
  인: 'In',
  맹: 'Maeng',
  제: 'Je',
  모: 'Mo',
  탁: 'Tak',
  국: 'Kook',
  어: 'Eo',
  은: 'Eun',
  편: 'Pyun',
  용: 'Yong',
  구: 'Koo',
  나: 'Na',
  라: 'Ra',
  봉: 'Bong',
  남궁: 'Namgoong',
  황보: 'Hwangbo',
  제갈: 'Jegal',
  선우: 'Sunwoo',
  독고: 'Dokgo',
};

const JAPANESE_GIVEN_NAMES = [
  'Haruto',
  'Yuto',
  'Sota',
  'Yuki',
  'Hayato',
  'Haruki',
  'Ryusei',
  'Koki',
  'Sora',
  'Riku',
  'Kaito',
  'Takumi',
  'Daiki',
  'Ren',
  'Yamato',
  'Minato',
  'Hinata',
  'Itsuki',
  'Kenta',
  'Shota',
  'Ryota',
  'Daisuke',
  'Takashi',
  'Hiroshi',
  'Kenji',
  'Akira',
  'Satoshi',
  'Naoki',
  'Kazuki',
  'Tomoya',
  'Yusuke',
  'Keisuke',
  'Kosuke',
  'Shun',
  'Tatsuya',
  'Makoto',
  'Masato',
  'Hideki',
  'Hiroki',
  'Takeshi',
  'Tsubasa',
  'Sho',
  'Kazuya',
  'Yoshiki',
  'Jun',
  'Ryo',
  'Taro',
  'Ichiro',
  'Kenichi',
  'Shinji',
  'Toshiro',
  'Noboru',
  'Osamu',
  'Isamu',
  'Tetsuya',
  'Hiroto',
  'Asahi',
  'Sakura',
  'Yui',
  'Aoi',
  'Hina',
  'Yuna',
  'Mei',
  'Rin',
  'Miyu',
  'Haruka',
  'Nanami',
  'Misaki',
  'Ayaka',
  'Yuka',
  'Emi',
  'Keiko',
  'Yoko',
  'Naoko',
  'Tomoko',
  'Akiko',
  'Kumiko',
  'Mariko',
  'Noriko',
  'Sachiko',
  'Yumiko',
  'Kaori',
  'Megumi',
  'Ayumi',
  'Asuka',
  'Mai',
  'Saki',
  'Natsuki',
  'Kanon',
  'Mio',
  'Riko',
  'Honoka',
  'Akari',
  'Hikari',
  'Chihiro',
  'Mizuki',
  'Kaede',
  'Momoka',
  'Shiori',
  'Airi',
  'Eri',
  'Rina',
  'Nao',
  'Ayane',
  'Erika',
  'Mayumi',
  'Junko',
  'Hiroko',
  'Etsuko',
  'Fumiko',
];

const JAPANESE_SURNAMES = [
  'Sato',
  'Suzuki',
  'Takahashi',
  'Tanaka',
  'Watanabe',
  'Ito',
  'Yamamoto',
  'Nakamura',
  'Kobayashi',
  'Kato',
  'Yoshida',
  'Yamada',
  'Sasaki',
  'Yamaguchi',
  'Matsumoto',
  'Inoue',
  'Kimura',
  'Hayashi',
  'Shimizu',
  'Yamazaki',
  'Mori',
  'Abe',
  'Ikeda',
  'Hashimoto',
  'Yamashita',
  'Ishikawa',
  'Nakajima',
  'Maeda',
  'Fujita',
  'Ogawa',
  'Goto',
  'Okada',
  'Hasegawa',
  'Murakami',
  'Kondo',
  'Ishii',
  'Saito',
  'Sakamoto',
  'Endo',
  'Aoki',
  'Fujii',
  'Nishimura',
  'Fukuda',
  'Ota',
  'Miura',
  'Fujiwara',
  'Okamoto',
  'Matsuda',
  'Nakagawa',
  'Nakano',
  'Harada',
  'Ono',
  'Tamura',
  'Takeuchi',
  'Kaneko',
  'Wada',
  'Nakayama',
  'Ishida',
  'Ueda',
  'Morita',
  'Hara',
  'Shibata',
  'Sakai',
  'Kudo',
  'Yokoyama',
  'Miyazaki',
  'Miyamoto',
  'Uchida',
  'Takagi',
  'Ando',
  'Taniguchi',
  'Ohno',
  'Maruyama',
  'Imai',
  'Takada',
  'Fujimoto',
  'Takeda',
  'Murata',
  'Ueno',
  'Sugiyama',
  'Masuda',
  'Sugawara',
  'Hirano',
  'Otsuka',
  'Koyama',
  'Chiba',
  'Kubo',
  'Matsui',
  'Iwasaki',
  'Sakurai',
  'Kinoshita',
  'Noguchi',
  'Matsuo',
  'Nomura',
  'Kikuchi',
  'Sano',
  'Onishi',
  'Sugimoto',
  'Arai',
  'Hamada',
  'Ichikawa',
];

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Min-seo", "Shu-fen": the first syllable capitalised, a hyphen, the rest joined. */
const hyphenated = (parts: readonly string[]) => `${capitalise(parts[0]!)}-${parts.slice(1).join('')}`;

const syllables = (hanzi: string, surname: boolean) =>
  pinyin(hanzi, { toneType: 'none', type: 'array', v: true, ...(surname ? { surname: 'all' } : {}) });

function chineseNames() {
  const given = new Set<string>();
  const family = new Set<string>();
  for (const [locale, taiwanese] of [
    ['zh_CN', false],
    ['zh_TW', true],
  ] as const) {
    for (const name of definitionList(locale, 'person', 'first_name')) {
      const parts = syllables(name, false);
      if (parts.length === 0 || parts.some((p) => !/^[a-z]+$/.test(p))) continue;
      given.add(taiwanese && parts.length > 1 ? hyphenated(parts) : capitalise(parts.join('')));
    }
    for (const name of definitionList(locale, 'person', 'last_name')) {
      const parts = syllables(name, true);
      if (parts.length === 0 || parts.some((p) => !/^[a-z]+$/.test(p))) continue;
      family.add(capitalise(parts.join('')));
    }
  }
  return { given: [...given], family: [...family] };
}

function koreanNames() {
  const given = new Set<string>();
  for (const name of definitionList('ko', 'person', 'first_name')) {
    const parts = [...name].map((syllable) => hangul.convert(syllable));
    if (parts.some((p) => !/^[a-z]+$/.test(p))) continue;
    given.add(capitalise(parts.join('')));
    if (parts.length > 1) given.add(hyphenated(parts));
  }
  const family = definitionList('ko', 'person', 'last_name')
    .map((name) => KOREAN_SURNAMES[name])
    .filter((name): name is string => name !== undefined);
  return { given: [...given], family: [...new Set(family)] };
}

const common = new Set(commonWords());
const korean = koreanNames();
const chinese = chineseNames();
const keep = (names: string[]) =>
  [...new Set(names)]
    .filter((name) => name.replace(/-/g, '').length >= 3 && !common.has(name.toLowerCase()))
    .sort();
const lists = {
  zh: { given: keep(chinese.given), family: keep(chinese.family) },
  ko: { given: keep(korean.given), family: keep(korean.family) },
  ja: { given: keep(JAPANESE_GIVEN_NAMES), family: keep(JAPANESE_SURNAMES) },
};
const out = `// Generated by models/ner/east-asian-names-build.ts (see there for sources and licences); do not edit.

/** Chinese, Korean and Japanese given names and surnames as Latin-script text writes them. */
export const EAST_ASIAN_NAMES: Record<'zh' | 'ko' | 'ja', { given: string[]; family: string[] }> = ${JSON.stringify(lists)};
`;
writeFileSync(new URL('./synthetic/east-asian-names.ts', import.meta.url), out);
for (const [origin, { given, family }] of Object.entries(lists))
  console.log(`${origin}: ${given.length} given names, ${family.length} surnames`);
