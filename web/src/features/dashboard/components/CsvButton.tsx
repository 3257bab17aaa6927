import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { downloadCsv } from '@/shared/lib/download-csv.ts';

interface CsvButtonProps {
  label: string;
  fileName: string;
  /** Built on click, in the language shown. */
  csv: () => Promise<string>;
}

export function CsvButton({ label, fileName, csv }: CsvButtonProps) {
  return (
    <Button
      size="small"
      startIcon={<FileDownloadOutlined />}
      onClick={async () => downloadCsv(`${fileName}.csv`, await csv())}
    >
      {label}
    </Button>
  );
}
