/**
 * Formatters and parsers of the spec's validation rules. Pure functions shared by the renderer
 * (display), the main process (Excel cells) and the server (e-mail checks).
 */

/**
 * Made on first use: the first pt-BR formatter loads the locale's data (about
 * 10 ms of CPU), which the embedded server's start does not need.
 */
function onFirstUse(make: () => Intl.NumberFormat): () => Intl.NumberFormat {
  let made: Intl.NumberFormat | null = null;
  return () => (made ??= make());
}

const integer = onFirstUse(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }));
const integerEn = onFirstUse(() => new Intl.NumberFormat('en', { maximumFractionDigits: 0 }));

/** Intl separates "R$" with a no-break space; plain spaces keep copy/paste and searches predictable. */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * The languages amounts are written in: Portuguese "R$ 1.234,56", English "R$ 1,234.56". One way per language, for
 * what a screen shows and what a field takes, so an amount copied from the screen can be typed back as it is.
 */
export type MoneyLocale = 'pt-BR' | 'en';

let shownLocale: MoneyLocale = 'pt-BR';

/**
 * The language amounts are shown in when a caller does not name one: the renderer sets it with the app's language;
 * the server and the main process (documents, Excel cells) keep Portuguese.
 */
export function setMoneyLocale(locale: MoneyLocale): void {
  shownLocale = locale;
}

export function moneyLocale(): MoneyLocale {
  return shownLocale;
}

export const EMPTY_CURRENCY = 'R$ ---';

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d*))?$/;

/** A number or decimal text → sign and the absolute value with exactly two places, rounded half away from zero by text. */
function twoPlaces(value: number | string): { negative: boolean; whole: string; cents: string } | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  // Numbers too large or small for plain notation ("1e21", "1e-7") go through toFixed, which writes them out.
  const plain = /e/i.test(text) ? (typeof value === 'number' ? value.toFixed(2) : '') : text;
  const m = DECIMAL_TEXT.exec(plain);
  if (!m) return null;
  const fraction = (m[3] ?? '').padEnd(3, '0');
  let digits = (m[2] + fraction.slice(0, 2)).replace(/^0+(?=\d)/, '');
  if (fraction[2] >= '5') digits = addOne(digits);
  digits = digits.padStart(3, '0');
  const whole = digits.slice(0, -2);
  const cents = digits.slice(-2);
  return { negative: m[1] === '-' && /[1-9]/.test(digits), whole, cents };
}

/** A run of decimal digits plus one, by text (no float ever rounds a cent). */
function addOne(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

function grouped(whole: string, locale: MoneyLocale): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'en' ? ',' : '.');
}

/**
 * 'R$ ---' when empty; otherwise BRL with 2 decimals, written as the language writes amounts: "R$ 1.234,56" in
 * Portuguese (the default), "R$ 1,234.56" in English; a negative amount is "-R$ 12,30". Decimal text is formatted by
 * text, so no digit is lost or invented by a binary float.
 */
export function formatCurrency(value: number | string | null | undefined, locale: MoneyLocale = shownLocale): string {
  if (value === null || value === undefined || value === '') return EMPTY_CURRENCY;
  const parts = twoPlaces(value);
  if (!parts) return EMPTY_CURRENCY;
  return `${parts.negative ? '-' : ''}R$ ${grouped(parts.whole, locale)}${locale === 'en' ? '.' : ','}${parts.cents}`;
}

/**
 * Currency parser, rule by rule as the spec's validation rules list them:
 * empty string is 0; thousand separators (dots) stripped; the decimal comma
 * becomes a dot; any other character removed; with more than two decimals
 * the number is scaled down by the extra digits (divided by 10 per extra
 * digit); NaN becomes 0.
 */
export function parseCurrency(text: string | null | undefined): number {
  if (text === null || text === undefined || text === '') return 0;
  const normalised = String(text)
    .replace(/\./g, '')
    .replace(/,/g, '.')
    .replace(/[^0-9.-]/g, '');
  // Only the first dot is a decimal separator once commas became dots.
  const firstDot = normalised.indexOf('.');
  const cleaned =
    firstDot === -1 ? normalised : normalised.slice(0, firstDot + 1) + normalised.slice(firstDot + 1).replace(/\./g, '');
  let value = Number(cleaned);
  if (Number.isNaN(value) || cleaned === '' || cleaned === '-' || cleaned === '.') return 0;
  const decimals = firstDot === -1 ? 0 : cleaned.length - firstDot - 1;
  if (decimals > 2) value = value / 10 ** (decimals - 2);
  return Number.isNaN(value) ? 0 : value;
}

/** Remaining value helper: the difference, or -1 when it would be negative. */
export function remainingValue(total: number, paid: number): number {
  const rest = total - paid;
  return rest < 0 ? -1 : rest;
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** DD/MM/YYYY read in UTC, so a date stored as midnight UTC never shows as the day before in Brazil. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** DD/MM/YYYY HH:mm in local time (timestamps such as "last updated"). */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** DD/MM/YYYY → YYYY-MM-DD; '' when the text is not a real calendar date. */
export function brDateToIsoDate(text: string): string {
  const m = BR_DATE.exec(text.trim());
  if (!m) return '';
  const [, dd, mm, yyyy] = m;
  const d = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (d.getUTCDate() !== Number(dd) || d.getUTCMonth() !== Number(mm) - 1) return '';
  return `${yyyy}-${mm}-${dd}`;
}

/** DD/MM/YYYY → ISO timestamp at midnight UTC; '' when invalid. */
export function brDateToIso(text: string): string {
  const day = brDateToIsoDate(text);
  return day ? new Date(`${day}T00:00:00.000Z`).toISOString() : '';
}

/** Integers with the language's thousands: dots in Portuguese ("1.234"), commas in English ("1,234"). */
export function formatInteger(value: number | null | undefined, locale: MoneyLocale = shownLocale): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return plainSpaces((locale === 'en' ? integerEn : integer)().format(Math.trunc(value)));
}

export const TRUNCATE_LENGTH = 50;

/** Cuts at 50 characters and appends '...'. */
export function truncate(text: string | null | undefined, length = TRUNCATE_LENGTH): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The standard address pattern: local part, '@', a domain name or a bracketed IPv4 address. */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export function isValidEmail(text: string | null | undefined): boolean {
  return !!text && EMAIL_PATTERN.test(text);
}

export const CONTRAST_THRESHOLD = 130;

/**
 * Picks dark or light foreground for a background colour: perceived
 * brightness (R*299 + G*587 + B*114) / 1000 at or above 130 wants dark text.
 */
export function contrastTone(hexColour: string): 'dark' | 'light' {
  let hex = hexColour.trim().replace(/^#/, '');
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  const r = parseInt(hex.slice(0, 2), 16) || 0;
  const g = parseInt(hex.slice(2, 4), 16) || 0;
  const b = parseInt(hex.slice(4, 6), 16) || 0;
  const brightness = (r * 299 + g * 587 + b * 114) / 1000;
  return brightness >= CONTRAST_THRESHOLD ? 'dark' : 'light';
}

/**
 * A percentage as people type it: digits with a comma or a dot before at most
 * two decimals, from 0 to 100. Anything else (exponents "1e2", thousands
 * "1.000", three decimals "12,345", signs, blanks) is refused with null, so
 * the value saved is exactly the one read. Numbers are read through their
 * shortest decimal text, so 37.5 and "37,5" are the same.
 */
const PERCENT_INPUT = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;
export function parsePercentage(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const text = (typeof input === 'number' ? String(input) : input).trim();
  const m = PERCENT_INPUT.exec(text);
  if (!m) return null;
  const value = Number(`${m[1]}.${m[2] ?? '0'}`);
  return value >= 0 && value <= 100 ? value : null;
}

const percent = onFirstUse(() => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const percentEn = onFirstUse(() => new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/**
 * A percentage, always two decimals (a rate prints as the contract states it: 39.2 → "39,20%"), in the language's
 * way like amounts: 12.35 → "12,35%" in Portuguese, "12.35%" in English; '' when empty.
 */
export function formatPercentage(value: number | string | null | undefined, locale: MoneyLocale = shownLocale): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(n) ? '' : `${plainSpaces((locale === 'en' ? percentEn : percent)().format(n))}%`;
}

/**
 * A stored rate for reading, by text so no digit is lost or invented: always at least two places, more only where
 * the value has them ("2" → "2,00%", "39.2" → "39,20%", "1.5000" → "1,50%", "0.008200" → "0,0082%"; in English with
 * a point, "39.20%"); '' when it is not a number. Every rate a screen or a PDF prints goes through this or
 * formatPercentage (two places).
 */
export function formatRate(rate: string | null | undefined, locale: MoneyLocale = shownLocale): string {
  const m = /^(-?\d+)(?:\.(\d*))?$/.exec((rate ?? '').trim());
  if (!m) return '';
  const places = (m[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${m[1]}${locale === 'en' ? '.' : ','}${places}%`;
}

/** The same value as the percentage field shows it while editing: 37.5 → "37,5" ("37.5" in English; the field reads both). */
export function percentageInputText(value: number | null | undefined, locale: MoneyLocale = shownLocale): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return locale === 'en' ? String(value) : String(value).replace('.', ',');
}

const MONEY_INPUT = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;

/**
 * Money typed in pt-BR ("1.234,56", "1234,5", "10") → the decimal string sent
 * on the wire ("1234.56", "1234.50", "10.00"), by text only, never through a
 * binary float; null when it is not an amount.
 */
export function moneyInputToDecimal(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const m = MONEY_INPUT.exec(text.trim().replace(/^R\$\s*/, ''));
  if (!m) return null;
  const whole = m[1].replace(/\./g, '').replace(/^0+(?=\d)/, '');
  return `${whole}.${(m[2] ?? '').padEnd(2, '0')}`;
}

/** A wire decimal string ("1234.5") → the text the money field shows ("1.234,50"); '' when not a decimal. */
export function decimalToMoneyInput(decimal: string | null | undefined): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec((decimal ?? '').trim());
  if (!m) return '';
  const grouped = m[2].replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${m[1]}${grouped},${(m[3] ?? '').padEnd(2, '0').slice(0, 2)}`;
}
