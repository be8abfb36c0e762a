import { allMatches } from '../all-matches.js';
import {
  compiled,
  NL,
  S,
  S0,
  SCORE_STREET,
  SCORE_WEAK_TYPE,
  TAIL_BONUS,
  type AddSpan,
} from './address-parts.js';

/**
 * Street addresses in scripts without capital letters, where the Latin patterns have nothing to hold
 * on to, as they turn up pasted into prompts:
 *   "〒150-0002 東京都渋谷区渋谷1丁目2番3号"   (postcode, prefecture, ward, block numbers)
 *   "北京市朝阳区建国门外大街1号"              (province or city, district, road, number + 号)
 *   "서울특별시 강남구 테헤란로 152"           (city, district, road + 로/길, number)
 *   "123 ถนนสุขุมวิท แขวงคลองเตย กรุงเทพฯ 10110" (number, ถนน + road, districts, postcode)
 *   "רחוב הרצל 12, תל אביב", "شارع الملك فهد 12، الرياض" (street word, name, number, town)
 * CJK and Thai have no spaces between words, so a span starts at a known region name or after a
 * character of another script, never in the middle of a run of text.
 */

const DIGIT = '[0-9０-９]';
/** Between the parts of an address: a comma (Latin or Arabic), spaces or a line break. */
const PART = String.raw`(?:${NL}|[,،]${S0}|${S})`;
const DASH = '[-－‐ー]';

// ---- Japanese ----

// prettier-ignore
const JA_PREFECTURES = ['北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県', '埼玉県',
  '千葉県', '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県',
  '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県', '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県', '香川県',
  '愛媛県', '高知県', '福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県'];
const JA_CHAR = String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々]`;
const JA_MUNICIPALITY = String.raw`${JA_CHAR}{1,6}?[市区町村郡]`;
/** "1丁目2番3号", "1丁目2-3", "1-2-3", "12番地": the numbers that end a Japanese address. */
const JA_BLOCK = String.raw`(?:${DIGIT}{1,2}丁目(?:${DIGIT}{1,4}(?:番地?|${DASH})(?:${DIGIT}{1,4}号?)?)?|${DIGIT}{1,4}${DASH}${DIGIT}{1,4}(?:${DASH}${DIGIT}{1,4})?|${DIGIT}{1,4}番地?(?:${DIGIT}{1,4}号)?)`;
const JA_ROOM = String.raw`(?:[ \u3000]?(?:${JA_CHAR}|[A-Za-z]){1,15}?${DIGIT}{1,4}号室)?`;
const JA_ADDRESS = compiled(
  new RegExp(
    String.raw`(?<postcode>〒${S0}${DIGIT}{3}${DASH}${DIGIT}{4}[ \u3000]?)?(?:(?<prefecture>${JA_PREFECTURES.join('|')})|(?<!${JA_CHAR}))(?:${JA_MUNICIPALITY}){1,2}${JA_CHAR}{0,8}?${JA_BLOCK}${JA_ROOM}`,
    'gu',
  ),
);
const JA_BLOCK_WORDS = /丁目|番|号|[0-9０-９][-－‐ー][0-9０-９]{1,4}[-－‐ー][0-9０-９]/u;
const JA_HINT = /[市区町村郡][\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々]{0,8}[0-9０-９]/u;

// ---- Chinese ----

// prettier-ignore
const ZH_PROVINCES = ['北京市', '天津市', '上海市', '重庆市', '重慶市', '河北省', '山西省', '辽宁省', '遼寧省', '吉林省', '黑龙江省',
  '黑龍江省', '江苏省', '江蘇省', '浙江省', '安徽省', '福建省', '江西省', '山东省', '山東省', '河南省', '湖北省', '湖南省', '广东省',
  '廣東省', '海南省', '四川省', '贵州省', '貴州省', '云南省', '雲南省', '陕西省', '陝西省', '甘肃省', '甘肅省', '青海省', '台湾省',
  '台灣省', '臺灣省', '内蒙古自治区', '广西壮族自治区', '西藏自治区', '宁夏回族自治区', '新疆维吾尔自治区', '香港', '澳门', '澳門'];
const HAN = String.raw`\p{sc=Han}`;
const ZH_ROAD = String.raw`[${HAN}0-9]{1,10}?(?:大街|大道|胡同|路|街|道|巷|弄)(?:[一二三四五六七八九十0-9]{1,3}段)?(?:[0-9]{1,4}(?:巷|弄))?`;
const ZH_BUILDING = String.raw`(?:[0-9]{1,3}(?:号楼|號樓|栋|棟|幢|座))?(?:[0-9]{1,2}单元)?(?:[0-9]{1,5}(?:室|房))?(?:[0-9]{1,3}(?:楼|樓|F))?`;
const ZH_ADDRESS = compiled(
  new RegExp(
    String.raw`(?<postcode>[0-9]{3,6}[ \u3000]?)?(?:(?<province>${ZH_PROVINCES.join('|')})|(?<!${HAN}))(?<city>${HAN}{1,6}?(?:市|縣|县))?(?<district>${HAN}{1,6}?(?:区|區|县|縣|镇|鎮|乡|鄉))?${ZH_ROAD}[0-9]{1,5}(?:号|號)${ZH_BUILDING}`,
    'gu',
  ),
);
const ZH_HINT = /[0-9](?:号|號)/u;

// ---- Korean ----

// prettier-ignore
const KO_PROVINCES = ['서울특별시', '부산광역시', '대구광역시', '인천광역시', '광주광역시', '대전광역시', '울산광역시', '세종특별자치시',
  '경기도', '강원도', '강원특별자치도', '충청북도', '충청남도', '전라북도', '전북특별자치도', '전라남도', '경상북도', '경상남도',
  '제주특별자치도', '서울시', '부산시', '대구시', '인천시', '광주시', '대전시', '울산시', '서울'];
const HANGUL = '[가-힣]';
const KO_AREA = String.raw`${HANGUL}{1,8}(?:시|군|구|읍|면|동)`;
const KO_ADDRESS = compiled(
  new RegExp(
    String.raw`(?<!${HANGUL})(?:(?<province>${KO_PROVINCES.join('|')})${S})?(?<area>(?:${KO_AREA}${S}){1,3})?(?<road>${HANGUL}[가-힣0-9]{0,14}(?:대로|로|길))${S0}[0-9]{1,5}(?:-[0-9]{1,4})?(?![0-9])(?<unit>(?:,?${S}[0-9]{1,4}동)?(?:${S0}[0-9]{1,5}호))?(?<postcode>${PART}[0-9]{5}(?![0-9]))?`,
    'gu',
  ),
);
const KO_HINT = /(?:로|길)\s?[0-9]/u;

// ---- Thai ----

const THAI = String.raw`[\p{sc=Thai}.]`;
const TH_AREA_WORD = '(?:แขวง|ตำบล|ต\\.|เขต|อำเภอ|อ\\.|จังหวัด|จ\\.)';
const TH_ADDRESS = compiled(
  new RegExp(
    String.raw`(?<![0-9/])[0-9]{1,5}(?:/[0-9]{1,4})?${S}(?:หมู่(?:ที่)?${S0}[0-9]{1,2}${S})?(?:ซอย${S0}${THAI}{1,30}${S})?(?:ถนน|ถ\.)${S0}${THAI}{2,40}(?<areas>(?:${PART}${TH_AREA_WORD}${S0}${THAI}{2,30}){0,3}(?:${PART}${THAI}{2,30}${S}[0-9]{5}(?![0-9]))?)`,
    'gu',
  ),
);
const TH_HINT = /(?:ถนน|ถ\.)/u;

// ---- Hebrew and Arabic ----

const HE_WORD = String.raw`[\p{sc=Hebrew}'"״׳\-]+`;
const HE_ADDRESS = compiled(
  new RegExp(
    String.raw`(?<![\p{sc=Hebrew}])(?<word>רחוב|רח['׳]|שדרות|שד['׳]|דרך|סמטת|סמ['׳]|משעול|כיכר)${S}${HE_WORD}(?:${S}${HE_WORD}){0,3}${S}[0-9]{1,4}(?![0-9])(?<town>(?:${NL}|,${S0})${HE_WORD}(?:${S}${HE_WORD}){0,2})?`,
    'gu',
  ),
);
const HE_HINT = /(?:רחוב|רח['׳]|שדרות|שד['׳]|דרך|סמטת|סמ['׳]|משעול|כיכר) /u;

const AR_WORD = String.raw`[\p{sc=Arabic}\p{M}]+`;
const AR_STREET_WORDS = '(?:شارع|طريق|مَمَر|ممر|ميدان|ساحة|جادة|زقاق|سبيل|درب|كورنيش|رصيف)';
const AR_ADDRESS = compiled(
  new RegExp(
    String.raw`(?<![\p{sc=Arabic}\p{M}])(?<word>${AR_STREET_WORDS})${S}${AR_WORD}(?:${S}${AR_WORD}){0,3}${S0}[0-9٠-٩]{1,5}(?![0-9٠-٩])(?<town>(?:${NL}|[،,]${S0})${AR_WORD}(?:${S}${AR_WORD}){0,2})?`,
    'gu',
  ),
);
const AR_HINT = compiled(new RegExp(`${AR_STREET_WORDS} `, 'u'));

/** "Way" words that also mean "through" or "by means of" ("דרך האינטרנט", "عن طريق", "في سبيل"). */
const EVERYDAY_STREET_WORDS = new Set(['דרך', 'طريق', 'درب', 'سبيل']);

/** Streets in the scripts above; a region, postcode, district or town makes them certain. */
export function findScriptStreets(text: string, add: AddSpan): void {
  const addMatch = (m: RegExpMatchArray, confirmed: boolean, base = SCORE_STREET) =>
    add(m.index!, m.index! + m[0].length, confirmed ? base + TAIL_BONUS : base);
  if (JA_HINT.test(text)) {
    for (const m of allMatches(JA_ADDRESS, text)) {
      const confirmed = m.groups?.['postcode'] !== undefined || m.groups?.['prefecture'] !== undefined;
      // "この市場で1-2個" ("one or two at this market"): without a prefecture, only block words count.
      if (confirmed || JA_BLOCK_WORDS.test(m[0])) addMatch(m, confirmed);
    }
  }
  if (ZH_HINT.test(text)) {
    for (const m of allMatches(ZH_ADDRESS, text)) {
      const { postcode, province, city, district } = m.groups ?? {};
      // "我知道3号…" ("I know that number 3…") has a road's shape: a region must name where it is.
      if (province === undefined && city === undefined && district === undefined && postcode === undefined)
        continue;
      addMatch(m, postcode !== undefined || province !== undefined);
    }
  }
  if (KO_HINT.test(text)) {
    for (const m of allMatches(KO_ADDRESS, text)) {
      const { province, area, unit, postcode } = m.groups ?? {};
      // "…로 5" alone may be a phrase ("서울로 5명": "to Seoul, 5 people"); a road ending in 길 rarely is.
      const roadOnly = province === undefined && area === undefined && !m.groups?.['road']?.endsWith('길');
      const confirmed =
        province !== undefined || area !== undefined || unit !== undefined || postcode !== undefined;
      addMatch(m, confirmed, roadOnly ? SCORE_WEAK_TYPE : SCORE_STREET);
    }
  }
  if (TH_HINT.test(text))
    for (const m of allMatches(TH_ADDRESS, text)) addMatch(m, m.groups?.['areas'] !== '');
  for (const [hint, regex] of [
    [HE_HINT, HE_ADDRESS],
    [AR_HINT, AR_ADDRESS],
  ] as const) {
    if (!hint.test(text)) continue;
    for (const m of allMatches(regex, text)) {
      const base = EVERYDAY_STREET_WORDS.has(m.groups?.['word'] ?? '') ? SCORE_WEAK_TYPE : SCORE_STREET;
      addMatch(m, m.groups?.['town'] !== undefined, base);
    }
  }
}
