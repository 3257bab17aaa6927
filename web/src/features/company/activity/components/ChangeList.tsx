import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@portal/contracts/audit';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';

const FIELDS = new Set([
  'name',
  'email',
  'phone',
  'address',
  'reference',
  'timeZone',
  'requireMfa',
  'mutedUntil',
  'url',
  'events',
  'enabled',
  'owner',
  'sentTo',
  'recipients',
  'delivery',
  'template',
  'scopes',
]);
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const fieldLabel = (field: string, t: TFunction) =>
  FIELDS.has(field) ? t(`activity.fields.${field}`) : field;

function valueText(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return t('activity.changes.empty');
  if (typeof value === 'boolean') return t(value ? 'activity.changes.yes' : 'activity.changes.no');
  if (typeof value === 'string') return MOMENT.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value))
    return value.length === 0 ? t('activity.changes.empty') : value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** How each side of a change is marked: the old value struck through and dimmed, the new one in bold. */
const SIDES = {
  before: { component: 'del', title: 'activity.changes.before', sx: { color: 'text.secondary', mr: 0.75 } },
  after: {
    component: 'ins',
    title: 'activity.changes.after',
    sx: { textDecoration: 'none', fontWeight: 600 },
  },
} as const;

/** A field's value on one side of the change; nothing when that side does not hold the field. */
function SideValue({ entry, field, side }: { entry: AuditEntry; field: string; side: keyof typeof SIDES }) {
  const { t } = useTranslation();
  const values = entry[side];
  if (!values || !(field in values)) return null;
  const { component, title, sx } = SIDES[side];
  return (
    <Typography component={component} variant="caption" title={t(title)} sx={sx}>
      {valueText(values[field], t)}
    </Typography>
  );
}

/** The fields an entry changed, each with its value before and after (only one side for a creation or deletion). */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  return [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
}

/** Before → after, one line a field; nothing when the entry records no values. */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const fields = changedFields(entry);
  if (fields.length === 0) return null;
  return (
    <Box
      component="dl"
      aria-label={t('activity.changes.label')}
      sx={{
        m: 0,
        mt: 0.5,
        display: 'grid',
        gridTemplateColumns: 'minmax(72px, auto) 1fr',
        columnGap: 1.5,
        rowGap: 0.25,
        '& dt': { typography: 'caption', color: 'text.secondary' },
        '& dd': { m: 0, minWidth: 0, typography: 'caption', overflowWrap: 'anywhere' },
      }}
    >
      {fields.map((field) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <dt>{fieldLabel(field, t)}</dt>
          <dd>
            <SideValue entry={entry} field={field} side="before" />
            {entry.before && entry.after && field in entry.before && field in entry.after && (
              <Box component="span" aria-hidden sx={{ mr: 0.75 }}>
                →
              </Box>
            )}
            <SideValue entry={entry} field={field} side="after" />
          </dd>
        </Box>
      ))}
    </Box>
  );
}
