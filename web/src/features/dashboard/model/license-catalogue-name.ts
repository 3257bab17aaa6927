/**
 * A license catalogue name ('xPro license 1 year', 'Storage license 30 days retention 1 year') in the
 * user's language. The names come from the platform's catalogue in English; those of the catalogue's form
 * (product, optional retention, term) are rebuilt from translated parts, any other name is shown as it is.
 */
const CATALOGUE_NAME =
  /^(xpro|storage|speaker) license(?: (\d+) days? retention)?(?: (\d+) (year|month|day)s?)?$/i;

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface CatalogueName {
  product: 'xpro' | 'storage' | 'speaker';
  retention: number | null;
  term: { count: number; unit: 'year' | 'month' | 'day' } | null;
}

export function parseCatalogueName(name: string): CatalogueName | null {
  const match = CATALOGUE_NAME.exec(name.trim());
  if (!match) return null;
  const [, product = '', retention, count, unit] = match;
  return {
    product: product.toLowerCase() as CatalogueName['product'],
    retention: retention ? Number(retention) : null,
    term:
      count && unit ? { count: Number(count), unit: unit.toLowerCase() as 'year' | 'month' | 'day' } : null,
  };
}

function localized(t: Translate, name: string, form: 'full' | 'short'): string {
  const parsed = parseCatalogueName(name);
  if (!parsed) return name;
  const base = `dashboard.catalogue.${form}`;
  return t(`${base}.name`, {
    product: t(`${base}.product.${parsed.product}`),
    retention: parsed.retention === null ? '' : t(`${base}.retention`, { count: parsed.retention }),
    term: parsed.term ? t(`dashboard.catalogue.term.${parsed.term.unit}`, { count: parsed.term.count }) : '',
  }).trim();
}

/** The catalogue name in full, for the table and the CSV: 'xPro 授權 1 年'. */
export const catalogueName = (t: Translate, name: string) => localized(t, name, 'full');

/** A short form that fits a chart's axis: 'Storage 30-day · 1 year', '儲存 1 年（30 天）'. */
export const catalogueShortName = (t: Translate, name: string) => localized(t, name, 'short');
