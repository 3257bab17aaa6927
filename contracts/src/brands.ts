import { z } from 'zod';

/**
 * The two vendor brands (SPEC §1). Names are invented: no real vendor's trademarks.
 * The brand switches the company name, links, copyright and agreement text.
 */
export const BRAND_IDS = ['lumora', 'kestrel'] as const;
export const brandIdSchema = z.enum(BRAND_IDS);
export type BrandId = z.infer<typeof brandIdSchema>;

export interface Brand {
  id: BrandId;
  /** Company that owns the copyright and the agreements. */
  companyName: string;
  /** Product name shown in the header and the browser title. */
  productName: string;
  links: {
    termsOfService: string;
    privacyPolicy: string;
    help: string;
    instructionalVideos: string;
    learnMore: string;
    resellerPortal: string;
    welcomeVideo: string;
  };
}

export const BRANDS: Record<BrandId, Brand> = {
  lumora: {
    id: 'lumora',
    companyName: 'Lumora Systems Inc.',
    productName: 'Lumora Partner Portal',
    links: {
      termsOfService: 'https://www.lumora.example/legal/terms',
      privacyPolicy: 'https://www.lumora.example/legal/privacy',
      help: 'https://help.lumora.example/partner-portal',
      instructionalVideos: 'https://www.lumora.example/videos/partner-portal',
      learnMore: 'https://www.lumora.example/partners',
      resellerPortal: 'https://resellers.lumora.example/',
      welcomeVideo: 'https://www.lumora.example/videos/welcome.mp4',
    },
  },
  kestrel: {
    id: 'kestrel',
    companyName: 'Kestrel Eye Ltd.',
    productName: 'Kestrel Eye Partner Center',
    links: {
      termsOfService: 'https://kestreleye.example/terms',
      privacyPolicy: 'https://kestreleye.example/privacy',
      help: 'https://support.kestreleye.example/partners',
      instructionalVideos: 'https://kestreleye.example/learn/videos',
      learnMore: 'https://kestreleye.example/partner-program',
      resellerPortal: 'https://dealers.kestreleye.example/',
      welcomeVideo: 'https://kestreleye.example/learn/welcome.mp4',
    },
  },
};

/** 'Copyright © 2025 <company> All Rights Reserved.' (SPEC §2, §9: copyright year 2025). */
export const COPYRIGHT_YEAR = 2025;
