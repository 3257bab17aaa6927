import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LicenseStatistics } from '@portal/contracts/organizations';
import { useTranslation } from 'react-i18next';

/** The sites holding devices without license, each with those devices. */
export function UnlicensedSites({ unlicensed }: { unlicensed: LicenseStatistics['unlicensed'] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="unlicensed-title">
      <Typography id="unlicensed-title" variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('customers.license.unlicensedTitle')}
      </Typography>
      {unlicensed.sites.length === 0 ? (
        <Typography color="text.secondary">{t('customers.license.unlicensedNone')}</Typography>
      ) : (
        <div>
          {unlicensed.sites.map((site) => (
            <Accordion key={site.id} variant="outlined" disableGutters>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography sx={{ flexGrow: 1 }}>{site.name}</Typography>
                <Typography color="text.secondary" sx={{ mr: 1 }}>
                  {t('customers.license.deviceCount', { count: site.devices.length })}
                </Typography>
              </AccordionSummary>
              <AccordionDetails sx={{ pt: 0 }}>
                <List dense disablePadding>
                  {site.devices.map((device) => (
                    <ListItem key={device.id} disableGutters>
                      <ListItemText
                        primary={device.name}
                        secondary={t(`customers.deviceType.${device.type}`)}
                      />
                    </ListItem>
                  ))}
                </List>
              </AccordionDetails>
            </Accordion>
          ))}
        </div>
      )}
    </Stack>
  );
}
