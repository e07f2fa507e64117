/** S&P 500 constituents, part 5: more consumer staples, health care, financials. */
import type { SectorBlock } from './universe-types.ts'

const DIST = 'Consumer Staples Distribution & Retail'
const BEV = 'Beverages'
const FOOD = 'Food Products'
const HHP = 'Household Products'

export const STAPLES_2: SectorBlock = {
  sector: 'Consumer Staples',
  rows: [
    ['DG', 'Dollar General Corporation', 'NYSE', DIST, 23, 105, 1.3],
    ['DLTR', 'Dollar Tree, Inc.', 'NASDAQ', DIST, 21, 100, 1.3],
    ['CHD', 'Church & Dwight Co., Inc.', 'NYSE', HHP, 22, 90],
    ['CLX', 'The Clorox Company', 'NYSE', HHP, 14, 115],
    ['TAP', 'Molson Coors Beverage Company', 'NYSE', BEV, 9, 46],
    ['BF.B', 'Brown-Forman Corporation Class B', 'NYSE', BEV, 13, 28],
    ['MKC', 'McCormick & Company, Incorporated', 'NYSE', FOOD, 18, 68],
    ['HRL', 'Hormel Foods Corporation', 'NYSE', FOOD, 15, 27],
    ['CAG', 'Conagra Brands, Inc.', 'NYSE', FOOD, 9, 18],
    ['CPB', "The Campbell's Company", 'NASDAQ', FOOD, 9, 31],
    ['SJM', 'The J. M. Smucker Company', 'NYSE', FOOD, 11, 105],
    ['TSN', 'Tyson Foods, Inc.', 'NYSE', FOOD, 19, 54],
    ['BG', 'Bunge Global SA', 'NYSE', FOOD, 17, 85],
    ['LW', 'Lamb Weston Holdings, Inc.', 'NYSE', FOOD, 8, 55, 1.4],
  ],
}

const PHARMA = 'Pharmaceuticals'
const BIO = 'Biotechnology'
const EQUIP = 'Health Care Equipment & Supplies'
const SVC = 'Health Care Providers & Services'
const TOOLS = 'Life Sciences Tools & Services'

export const HEALTH_CARE_2: SectorBlock = {
  sector: 'Health Care',
  rows: [
    ['CAH', 'Cardinal Health, Inc.', 'NYSE', SVC, 38, 160],
    ['CNC', 'Centene Corporation', 'NYSE', SVC, 18, 36, 1.5],
    ['MOH', 'Molina Healthcare, Inc.', 'NYSE', SVC, 9, 160, 1.6],
    ['DVA', 'DaVita Inc.', 'NYSE', SVC, 10, 130],
    ['UHS', 'Universal Health Services, Inc.', 'NYSE', SVC, 13, 200],
    ['LH', 'Labcorp Holdings Inc.', 'NYSE', SVC, 22, 260],
    ['DGX', 'Quest Diagnostics Incorporated', 'NYSE', SVC, 20, 180, 0.8],
    ['HSIC', 'Henry Schein, Inc.', 'NASDAQ', SVC, 9, 70],
    ['RMD', 'ResMed Inc.', 'NYSE', EQUIP, 38, 260],
    ['DXCM', 'DexCom, Inc.', 'NASDAQ', EQUIP, 28, 70, 1.4],
    ['ZBH', 'Zimmer Biomet Holdings, Inc.', 'NYSE', EQUIP, 19, 95],
    ['STE', 'STERIS plc', 'NYSE', EQUIP, 24, 245],
    ['BAX', 'Baxter International Inc.', 'NYSE', EQUIP, 12, 23, 1.3],
    ['HOLX', 'Hologic, Inc.', 'NASDAQ', EQUIP, 16, 72],
    ['PODD', 'Insulet Corporation', 'NASDAQ', EQUIP, 23, 320, 1.3],
    ['COO', 'The Cooper Companies, Inc.', 'NASDAQ', EQUIP, 14, 72],
    ['ALGN', 'Align Technology, Inc.', 'NASDAQ', EQUIP, 10, 140, 1.4],
    ['SOLV', 'Solventum Corporation', 'NYSE', EQUIP, 13, 75],
    ['WST', 'West Pharmaceutical Services, Inc.', 'NYSE', EQUIP, 19, 260],
    ['WAT', 'Waters Corporation', 'NYSE', TOOLS, 22, 350],
    ['MTD', 'Mettler-Toledo International Inc.', 'NYSE', TOOLS, 26, 1300],
    ['RVTY', 'Revvity, Inc.', 'NYSE', TOOLS, 11, 95],
    ['TECH', 'Bio-Techne Corporation', 'NASDAQ', TOOLS, 9, 58],
    ['CRL', 'Charles River Laboratories International, Inc.', 'NYSE', TOOLS, 8, 160, 1.3],
    ['BIIB', 'Biogen Inc.', 'NASDAQ', BIO, 21, 140],
    ['INCY', 'Incyte Corporation', 'NASDAQ', BIO, 17, 85],
    ['MRNA', 'Moderna, Inc.', 'NASDAQ', BIO, 11, 28, 2],
    ['VTRS', 'Viatris Inc.', 'NASDAQ', PHARMA, 12, 10],
  ],
}

const BANK = 'Banks'
const CAP = 'Capital Markets'
const INS = 'Insurance'
const FS = 'Financial Services'

export const FINANCIALS_2: SectorBlock = {
  sector: 'Financials',
  rows: [
    ['FI', 'Fiserv, Inc.', 'NYSE', FS, 75, 130, 1.3],
    ['FIS', 'Fidelity National Information Services, Inc.', 'NYSE', FS, 38, 72],
    ['GPN', 'Global Payments Inc.', 'NYSE', FS, 20, 82],
    ['JKHY', 'Jack Henry & Associates, Inc.', 'NASDAQ', FS, 12, 170, 0.8],
    ['CPAY', 'Corpay, Inc.', 'NYSE', FS, 22, 310],
    ['XYZ', 'Block, Inc.', 'NYSE', FS, 42, 70, 1.7],
    ['IBKR', 'Interactive Brokers Group, Inc.', 'NASDAQ', CAP, 110, 65, 1.5],
    ['ARES', 'Ares Management Corporation', 'NYSE', CAP, 50, 160, 1.4],
    ['AMP', 'Ameriprise Financial, Inc.', 'NYSE', CAP, 47, 490],
    ['NDAQ', 'Nasdaq, Inc.', 'NASDAQ', CAP, 52, 90],
    ['STT', 'State Street Corporation', 'NYSE', CAP, 32, 112],
    ['RJF', 'Raymond James Financial, Inc.', 'NYSE', CAP, 32, 160],
    ['NTRS', 'Northern Trust Corporation', 'NASDAQ', CAP, 25, 128],
    ['CBOE', 'Cboe Global Markets, Inc.', 'Cboe BZX', CAP, 25, 240, 0.7],
    ['TROW', 'T. Rowe Price Group, Inc.', 'NASDAQ', CAP, 23, 102],
    ['FDS', 'FactSet Research Systems Inc.', 'NYSE', CAP, 14, 370],
    ['BEN', 'Franklin Resources, Inc.', 'NYSE', CAP, 12, 23],
    ['IVZ', 'Invesco Ltd.', 'NYSE', CAP, 9, 21, 1.3],
    ['MTB', 'M&T Bank Corporation', 'NYSE', BANK, 30, 190],
    ['FITB', 'Fifth Third Bancorp', 'NASDAQ', BANK, 28, 42],
    ['HBAN', 'Huntington Bancshares Incorporated', 'NASDAQ', BANK, 24, 16],
    ['RF', 'Regions Financial Corporation', 'NYSE', BANK, 23, 25],
    ['CFG', 'Citizens Financial Group, Inc.', 'NYSE', BANK, 21, 48],
    ['KEY', 'KeyCorp', 'NYSE', BANK, 20, 18],
    ['SYF', 'Synchrony Financial', 'NYSE', 'Consumer Finance', 27, 70, 1.3],
    ['PRU', 'Prudential Financial, Inc.', 'NYSE', INS, 37, 105],
    ['HIG', 'The Hartford Insurance Group, Inc.', 'NYSE', INS, 36, 125, 0.8],
    ['ACGL', 'Arch Capital Group Ltd.', 'NASDAQ', INS, 34, 90, 0.8],
    ['WTW', 'Willis Towers Watson Public Limited Company', 'NASDAQ', INS, 32, 320, 0.7],
    ['BRO', 'Brown & Brown, Inc.', 'NYSE', INS, 30, 95, 0.8],
    ['WRB', 'W. R. Berkley Corporation', 'NYSE', INS, 27, 70, 0.8],
    ['CINF', 'Cincinnati Financial Corporation', 'NASDAQ', INS, 24, 155, 0.8],
    ['L', 'Loews Corporation', 'NYSE', INS, 20, 95, 0.8],
    ['ERIE', 'Erie Indemnity Company', 'NASDAQ', INS, 19, 360],
    ['PFG', 'Principal Financial Group, Inc.', 'NASDAQ', INS, 18, 80],
    ['EG', 'Everest Group, Ltd.', 'NYSE', INS, 14, 340, 0.8],
    ['GL', 'Globe Life Inc.', 'NYSE', INS, 11, 130],
    ['AIZ', 'Assurant, Inc.', 'NYSE', INS, 11, 210, 0.8],
  ],
}
