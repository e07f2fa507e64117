/** S&P 500 constituents, part 2: consumer staples, health care, financials. */
import type { SectorBlock } from './universe-types.ts'

const DIST = 'Consumer Staples Distribution & Retail'
const BEV = 'Beverages'
const FOOD = 'Food Products'
const HHP = 'Household Products'

export const STAPLES: SectorBlock = {
  sector: 'Consumer Staples',
  rows: [
    ['WMT', 'Walmart Inc.', 'NASDAQ', DIST, 800, 100],
    ['COST', 'Costco Wholesale Corporation', 'NASDAQ', DIST, 420, 950],
    ['PG', 'The Procter & Gamble Company', 'NYSE', HHP, 370, 155],
    ['KO', 'The Coca-Cola Company', 'NYSE', BEV, 300, 70],
    ['PEP', 'PepsiCo, Inc.', 'NASDAQ', BEV, 200, 145],
    ['PM', 'Philip Morris International Inc.', 'NYSE', 'Tobacco', 260, 165],
    ['MO', 'Altria Group, Inc.', 'NYSE', 'Tobacco', 100, 62],
    ['MDLZ', 'Mondelez International, Inc.', 'NASDAQ', FOOD, 85, 65],
    ['CL', 'Colgate-Palmolive Company', 'NYSE', HHP, 70, 85],
    ['TGT', 'Target Corporation', 'NYSE', DIST, 45, 98, 1.3],
    ['KMB', 'Kimberly-Clark Corporation', 'NASDAQ', HHP, 42, 125],
    ['KDP', 'Keurig Dr Pepper Inc.', 'NASDAQ', BEV, 45, 33],
    ['MNST', 'Monster Beverage Corporation', 'NASDAQ', BEV, 62, 63],
    ['KR', 'The Kroger Co.', 'NYSE', DIST, 45, 68],
    ['SYY', 'Sysco Corporation', 'NYSE', DIST, 38, 78],
    ['HSY', 'The Hershey Company', 'NYSE', FOOD, 36, 175],
    ['KVUE', 'Kenvue Inc.', 'NYSE', 'Personal Care Products', 35, 18],
    ['KHC', 'The Kraft Heinz Company', 'NASDAQ', FOOD, 32, 27],
    ['GIS', 'General Mills, Inc.', 'NYSE', FOOD, 28, 52],
    ['STZ', 'Constellation Brands, Inc.', 'NYSE', BEV, 28, 160],
    ['ADM', 'Archer-Daniels-Midland Company', 'NYSE', FOOD, 28, 58],
    ['EL', 'The Estée Lauder Companies Inc.', 'NYSE', 'Personal Care Products', 30, 85, 1.5],
  ],
}

const PHARMA = 'Pharmaceuticals'
const BIO = 'Biotechnology'
const EQUIP = 'Health Care Equipment & Supplies'
const SVC = 'Health Care Providers & Services'
const TOOLS = 'Life Sciences Tools & Services'

export const HEALTH_CARE: SectorBlock = {
  sector: 'Health Care',
  rows: [
    ['LLY', 'Eli Lilly and Company', 'NYSE', PHARMA, 750, 800, 1.2],
    ['JNJ', 'Johnson & Johnson', 'NYSE', PHARMA, 420, 175, 0.7],
    ['ABBV', 'AbbVie Inc.', 'NYSE', BIO, 370, 210],
    ['UNH', 'UnitedHealth Group Incorporated', 'NYSE', SVC, 300, 320, 1.3],
    ['ABT', 'Abbott Laboratories', 'NYSE', EQUIP, 230, 130],
    ['MRK', 'Merck & Co., Inc.', 'NYSE', PHARMA, 210, 84],
    ['TMO', 'Thermo Fisher Scientific Inc.', 'NYSE', TOOLS, 180, 470],
    ['ISRG', 'Intuitive Surgical, Inc.', 'NASDAQ', EQUIP, 170, 480],
    ['AMGN', 'Amgen Inc.', 'NASDAQ', BIO, 160, 295],
    ['BSX', 'Boston Scientific Corporation', 'NYSE', EQUIP, 150, 100],
    ['DHR', 'Danaher Corporation', 'NYSE', TOOLS, 145, 200],
    ['SYK', 'Stryker Corporation', 'NYSE', EQUIP, 145, 380],
    ['PFE', 'Pfizer Inc.', 'NYSE', PHARMA, 140, 25],
    ['GILD', 'Gilead Sciences, Inc.', 'NASDAQ', BIO, 140, 112],
    ['MDT', 'Medtronic plc', 'NYSE', EQUIP, 120, 92],
    ['VRTX', 'Vertex Pharmaceuticals Incorporated', 'NASDAQ', BIO, 110, 430],
    ['BMY', 'Bristol-Myers Squibb Company', 'NYSE', PHARMA, 95, 47],
    ['CVS', 'CVS Health Corporation', 'NYSE', SVC, 95, 72],
    ['HCA', 'HCA Healthcare, Inc.', 'NYSE', SVC, 95, 400],
    ['MCK', 'McKesson Corporation', 'NYSE', SVC, 90, 700],
    ['CI', 'The Cigna Group', 'NYSE', SVC, 80, 300],
    ['ELV', 'Elevance Health, Inc.', 'NYSE', SVC, 75, 330],
    ['ZTS', 'Zoetis Inc.', 'NYSE', PHARMA, 65, 150],
    ['REGN', 'Regeneron Pharmaceuticals, Inc.', 'NASDAQ', BIO, 60, 560],
    ['BDX', 'Becton, Dickinson and Company', 'NYSE', EQUIP, 55, 185],
    ['COR', 'Cencora, Inc.', 'NYSE', SVC, 55, 290],
    ['IDXX', 'IDEXX Laboratories, Inc.', 'NASDAQ', EQUIP, 50, 620],
    ['EW', 'Edwards Lifesciences Corporation', 'NYSE', EQUIP, 45, 78],
    ['A', 'Agilent Technologies, Inc.', 'NYSE', TOOLS, 35, 125],
    ['GEHC', 'GE HealthCare Technologies Inc.', 'NASDAQ', EQUIP, 34, 75],
    ['HUM', 'Humana Inc.', 'NYSE', SVC, 32, 265, 1.3],
    ['IQV', 'IQVIA Holdings Inc.', 'NYSE', TOOLS, 30, 180],
  ],
}

const BANK = 'Banks'
const CAP = 'Capital Markets'
const INS = 'Insurance'
const FS = 'Financial Services'
const CONS = 'Consumer Finance'

export const FINANCIALS: SectorBlock = {
  sector: 'Financials',
  rows: [
    ['BRK.B', 'Berkshire Hathaway Inc. Class B', 'NYSE', FS, 1050, 490, 0.6],
    ['JPM', 'JPMorgan Chase & Co.', 'NYSE', BANK, 820, 295],
    ['V', 'Visa Inc.', 'NYSE', FS, 670, 345, 0.7],
    ['MA', 'Mastercard Incorporated', 'NYSE', FS, 530, 570, 0.7],
    ['BAC', 'Bank of America Corporation', 'NYSE', BANK, 360, 48],
    ['WFC', 'Wells Fargo & Company', 'NYSE', BANK, 260, 80],
    ['MS', 'Morgan Stanley', 'NYSE', CAP, 230, 145],
    ['GS', 'The Goldman Sachs Group, Inc.', 'NYSE', CAP, 220, 720],
    ['AXP', 'American Express Company', 'NYSE', CONS, 220, 320],
    ['BX', 'Blackstone Inc.', 'NYSE', CAP, 200, 165, 1.3],
    ['C', 'Citigroup Inc.', 'NYSE', BANK, 180, 95],
    ['SCHW', 'The Charles Schwab Corporation', 'NYSE', CAP, 170, 93],
    ['BLK', 'BlackRock, Inc.', 'NYSE', CAP, 170, 1100],
    ['SPGI', 'S&P Global Inc.', 'NYSE', CAP, 160, 520, 0.7],
    ['PGR', 'The Progressive Corporation', 'NYSE', INS, 150, 255],
    ['COF', 'Capital One Financial Corporation', 'NYSE', CONS, 140, 220],
    ['KKR', 'KKR & Co. Inc.', 'NYSE', CAP, 120, 135, 1.4],
    ['CB', 'Chubb Limited', 'NYSE', INS, 110, 280, 0.7],
    ['MMC', 'Marsh & McLennan Companies, Inc.', 'NYSE', INS, 100, 205, 0.7],
    ['ICE', 'Intercontinental Exchange, Inc.', 'NYSE', CAP, 100, 175, 0.7],
    ['CME', 'CME Group Inc.', 'NASDAQ', CAP, 98, 270, 0.7],
    ['HOOD', 'Robinhood Markets, Inc.', 'NASDAQ', CAP, 90, 100, 2.5],
    ['MCO', "Moody's Corporation", 'NYSE', CAP, 88, 490, 0.8],
    ['COIN', 'Coinbase Global, Inc.', 'NASDAQ', CAP, 85, 320, 2.3],
    ['APO', 'Apollo Global Management, Inc.', 'NYSE', FS, 80, 140, 1.4],
    ['AJG', 'Arthur J. Gallagher & Co.', 'NYSE', INS, 80, 310, 0.7],
    ['PNC', 'The PNC Financial Services Group, Inc.', 'NYSE', BANK, 78, 195],
    ['AON', 'Aon plc', 'NYSE', INS, 78, 360, 0.7],
    ['USB', 'U.S. Bancorp', 'NYSE', BANK, 72, 46],
    ['BK', 'The Bank of New York Mellon Corporation', 'NYSE', CAP, 70, 100],
    ['PYPL', 'PayPal Holdings, Inc.', 'NASDAQ', FS, 68, 70, 1.3],
    ['TRV', 'The Travelers Companies, Inc.', 'NYSE', INS, 60, 270, 0.7],
    ['AFL', 'Aflac Incorporated', 'NYSE', INS, 58, 105, 0.7],
    ['TFC', 'Truist Financial Corporation', 'NYSE', BANK, 57, 44],
    ['MET', 'MetLife, Inc.', 'NYSE', INS, 53, 80],
    ['ALL', 'The Allstate Corporation', 'NYSE', INS, 52, 200, 0.8],
    ['AIG', 'American International Group, Inc.', 'NYSE', INS, 45, 80],
    ['MSCI', 'MSCI Inc.', 'NYSE', CAP, 43, 560],
  ],
}
