// The CSV writer is shared with the API's exports (packages/contracts/src/common/csv.ts); the download is the web's.
export { CSV_BOM, type CsvColumn, csvCell, csvLine, toCsv } from '@ps/contracts/common/csv';

/** Offers the text as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadBlob(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

/** Offers a file (an export the API made) as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
