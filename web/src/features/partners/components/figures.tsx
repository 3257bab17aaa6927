import type { Partner } from '@portal/contracts/partners';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { PARTNER_COLUMNS, type PartnerColumn } from '../model/csv.ts';
import { useRelativeTime } from '../model/format.ts';
import { isDealer, type PartnerFigure, partnerFigureUrl } from '../model/partner-links.ts';
import { FigureLink } from './FigureLink.tsx';

/** The figure columns (everything but name, role and region). */
export type FigureColumn = Exclude<PartnerColumn, 'name' | 'role' | 'region'>;

export const FIGURE_COLUMNS = PARTNER_COLUMNS.filter(
  (column): column is FigureColumn => column !== 'name' && column !== 'role' && column !== 'region',
);

/** One figure of a partner as shown (number, percent or relative time), linked where it leads somewhere. */
export function useFigure(now: number) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const ago = useRelativeTime(now);
  return (partner: Partner, column: FigureColumn) => {
    let text: string;
    switch (column) {
      case 'healthyPercent':
        text = partner.healthyPercent === null ? '—' : `${partner.healthyPercent.toFixed(1)}%`;
        break;
      case 'oldestOpenIncidentAt':
        text = ago(partner.oldestOpenIncidentAt);
        break;
      case 'expired':
      case 'expiring30':
      case 'expiring60':
      case 'expiring90':
        text = number(partner.licenses[column]);
        break;
      case 'dealers':
        // A dealer has no dealers below it: a dash, not a count.
        text = isDealer(partner) ? '—' : number(partner.dealers);
        break;
      default:
        text = number(partner[column]);
    }
    if (column === 'dealers' || text === '—') return <span>{text}</span>;
    return (
      <FigureLink
        href={partnerFigureUrl(partner, column as PartnerFigure)}
        label={t(`partners.columns.${column}`)}
        wrap={column === 'oldestOpenIncidentAt'}
      >
        {text}
      </FigureLink>
    );
  };
}
