/** Scrapes a metrics listener and reads one sample of the Prometheus text format. */
export async function scrape(metricsUrl: string | undefined): Promise<string> {
  if (!metricsUrl) throw new Error('no metrics listener');
  const response = await fetch(`${metricsUrl}/metrics`);
  if (response.status !== 200) throw new Error(`scrape: ${response.status}`);
  return response.text();
}

/**
 * The value of the sample `name` whose labels include all of `labels` (exactly one must match); 0 when
 * none does (a counter not yet incremented has no sample).
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const matches = text.split('\n').filter((line) => {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`));
  });
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${matches.length} samples`);
  const line = matches[0];
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
