/**
 * Where the real photos of the OCR development and test sets come from (issue 23). Each source is a public
 * GitHub repository pinned at a commit; the images are read from a local mirror (`git show commit:path`),
 * never downloaded at run time. Only softmatic (CC-BY-4.0) may be committed; the others are rebuilt by
 * `bun bench/ocr-real/build.ts` from their sources and checked against the manifest's sha256.
 */
export interface Source {
  id: 'srd' | 'softmatic' | 'odo-thai';
  repo: string;
  commit: string;
  licence: string;
  committable: boolean;
}

export const SOURCES: readonly Source[] = [
  {
    id: 'srd',
    repo: 'cambormiroslav/DP',
    commit: 'f12df5a3f2d7b54f7fa4b569e7d4b62613bb9763',
    licence: 'none stated (ExpressExpense "large receipt image dataset SRD", public sample)',
    committable: false,
  },
  {
    id: 'softmatic',
    repo: 'softmatic/vision-data',
    commit: '9062febd225986dc567777015f11d3db3a363086',
    licence: 'CC-BY-4.0, Softmatic GmbH',
    committable: true,
  },
  {
    id: 'odo-thai',
    repo: 'hkbtotw/OdometerReader',
    commit: '8b1b5d27b5d8da950f424a7654aabe639b112cb4',
    licence: 'none stated (all rights reserved): rebuild only',
    committable: false,
  },
];

export const sourceById = (id: Source['id']) => SOURCES.find((s) => s.id === id)!;

/** The local mirror of a source: $OCR_REAL_MIRRORS/<owner>+<name>/repo (the fetch tool's layout), a bare or full clone. */
export const mirrorOf = (s: Source) => `${process.env.OCR_REAL_MIRRORS ?? '/work/.mirror'}/${s.repo.replace('/', '+')}/repo`;
