/** S&P 500 constituents, part 3: industrials, energy, utilities, real estate, materials. */
import type { SectorBlock } from './universe-types.ts'

const AERO = 'Aerospace & Defense'
const MACH = 'Machinery'
const ELEQ = 'Electrical Equipment'
const GRND = 'Ground Transportation'
const BLDG = 'Building Products'
const CSS = 'Commercial Services & Supplies'
const TRAD = 'Trading Companies & Distributors'
const PROF = 'Professional Services'

export const INDUSTRIALS: SectorBlock = {
  sector: 'Industrials',
  rows: [
    ['GE', 'GE Aerospace', 'NYSE', AERO, 280, 260],
    ['RTX', 'RTX Corporation', 'NYSE', AERO, 210, 155, 0.8],
    ['CAT', 'Caterpillar Inc.', 'NYSE', MACH, 190, 400],
    ['UBER', 'Uber Technologies, Inc.', 'NYSE', GRND, 190, 90, 1.4],
    ['GEV', 'GE Vernova Inc.', 'NYSE', ELEQ, 170, 600, 1.6],
    ['BA', 'The Boeing Company', 'NYSE', AERO, 160, 215, 1.3],
    ['HON', 'Honeywell International Inc.', 'NASDAQ', 'Industrial Conglomerates', 140, 215, 0.8],
    ['ETN', 'Eaton Corporation plc', 'NYSE', ELEQ, 140, 350, 1.2],
    ['UNP', 'Union Pacific Corporation', 'NYSE', GRND, 135, 225, 0.8],
    ['DE', 'Deere & Company', 'NYSE', MACH, 130, 480],
    ['ADP', 'Automatic Data Processing, Inc.', 'NASDAQ', PROF, 120, 300, 0.7],
    ['LMT', 'Lockheed Martin Corporation', 'NYSE', AERO, 110, 460, 0.7],
    ['TT', 'Trane Technologies plc', 'NYSE', BLDG, 95, 420],
    ['WM', 'Waste Management, Inc.', 'NYSE', CSS, 90, 225, 0.6],
    ['PH', 'Parker-Hannifin Corporation', 'NYSE', MACH, 90, 700],
    ['GD', 'General Dynamics Corporation', 'NYSE', AERO, 85, 310, 0.7],
    ['CTAS', 'Cintas Corporation', 'NASDAQ', CSS, 85, 210, 0.8],
    ['NOC', 'Northrop Grumman Corporation', 'NYSE', AERO, 80, 560, 0.7],
    ['MMM', '3M Company', 'NYSE', 'Industrial Conglomerates', 80, 150],
    ['TDG', 'TransDigm Group Incorporated', 'NYSE', AERO, 80, 1400],
    ['ITW', 'Illinois Tool Works Inc.', 'NYSE', MACH, 75, 255, 0.8],
    ['UPS', 'United Parcel Service, Inc.', 'NYSE', 'Air Freight & Logistics', 75, 90],
    ['EMR', 'Emerson Electric Co.', 'NYSE', ELEQ, 75, 135],
    ['HWM', 'Howmet Aerospace Inc.', 'NYSE', AERO, 75, 180, 1.2],
    ['JCI', 'Johnson Controls International plc', 'NYSE', BLDG, 72, 110],
    ['RSG', 'Republic Services, Inc.', 'NYSE', CSS, 72, 230, 0.6],
    ['CSX', 'CSX Corporation', 'NASDAQ', GRND, 65, 34],
    ['NSC', 'Norfolk Southern Corporation', 'NYSE', GRND, 62, 280],
    ['CARR', 'Carrier Global Corporation', 'NYSE', BLDG, 60, 70],
    ['FDX', 'FedEx Corporation', 'NYSE', 'Air Freight & Logistics', 55, 235],
    ['CMI', 'Cummins Inc.', 'NYSE', MACH, 55, 380],
    ['URI', 'United Rentals, Inc.', 'NYSE', TRAD, 55, 850, 1.2],
    ['PWR', 'Quanta Services, Inc.', 'NYSE', 'Construction & Engineering', 55, 370, 1.2],
    ['AXON', 'Axon Enterprise, Inc.', 'NASDAQ', AERO, 55, 720, 1.5],
    ['PCAR', 'PACCAR Inc', 'NASDAQ', MACH, 52, 98],
    ['GWW', 'W.W. Grainger, Inc.', 'NYSE', TRAD, 50, 1000],
    ['FAST', 'Fastenal Company', 'NASDAQ', TRAD, 50, 45],
    ['PAYX', 'Paychex, Inc.', 'NASDAQ', PROF, 50, 140, 0.7],
    ['LHX', 'L3Harris Technologies, Inc.', 'NYSE', AERO, 50, 270, 0.8],
    ['DAL', 'Delta Air Lines, Inc.', 'NYSE', 'Passenger Airlines', 37, 57, 1.5],
  ],
}

const OGCF = 'Oil, Gas & Consumable Fuels'
const OFS = 'Energy Equipment & Services'

export const ENERGY: SectorBlock = {
  sector: 'Energy',
  rows: [
    ['XOM', 'Exxon Mobil Corporation', 'NYSE', OGCF, 470, 110],
    ['CVX', 'Chevron Corporation', 'NYSE', OGCF, 290, 155],
    ['COP', 'ConocoPhillips', 'NYSE', OGCF, 115, 92],
    ['WMB', 'The Williams Companies, Inc.', 'NYSE', OGCF, 72, 59, 0.8],
    ['EOG', 'EOG Resources, Inc.', 'NYSE', OGCF, 65, 120],
    ['KMI', 'Kinder Morgan, Inc.', 'NYSE', OGCF, 60, 27, 0.8],
    ['MPC', 'Marathon Petroleum Corporation', 'NYSE', OGCF, 55, 175],
    ['PSX', 'Phillips 66', 'NYSE', OGCF, 52, 128],
    ['SLB', 'SLB N.V.', 'NYSE', OFS, 50, 35],
    ['OKE', 'ONEOK, Inc.', 'NYSE', OGCF, 50, 78],
    ['VLO', 'Valero Energy Corporation', 'NYSE', OGCF, 45, 145],
    ['OXY', 'Occidental Petroleum Corporation', 'NYSE', OGCF, 43, 44],
    ['FANG', 'Diamondback Energy, Inc.', 'NASDAQ', OGCF, 42, 145],
    ['BKR', 'Baker Hughes Company', 'NASDAQ', OFS, 42, 43],
    ['TRGP', 'Targa Resources Corp.', 'NYSE', OGCF, 36, 165],
    ['EQT', 'EQT Corporation', 'NYSE', OGCF, 33, 55],
    ['DVN', 'Devon Energy Corporation', 'NYSE', OGCF, 22, 34],
    ['HAL', 'Halliburton Company', 'NYSE', OFS, 19, 22],
  ],
}

const ELU = 'Electric Utilities'
const MULTI = 'Multi-Utilities'

export const UTILITIES: SectorBlock = {
  sector: 'Utilities',
  rows: [
    ['NEE', 'NextEra Energy, Inc.', 'NYSE', ELU, 150, 72],
    ['SO', 'The Southern Company', 'NYSE', ELU, 100, 92],
    ['CEG', 'Constellation Energy Corporation', 'NASDAQ', ELU, 100, 320, 2],
    ['DUK', 'Duke Energy Corporation', 'NYSE', ELU, 92, 120],
    ['VST', 'Vistra Corp.', 'NYSE', 'Independent Power and Renewable Electricity Producers', 60, 180, 2],
    ['AEP', 'American Electric Power Company, Inc.', 'NASDAQ', ELU, 57, 105],
    ['SRE', 'Sempra', 'NYSE', MULTI, 52, 80],
    ['D', 'Dominion Energy, Inc.', 'NYSE', MULTI, 48, 57],
    ['EXC', 'Exelon Corporation', 'NASDAQ', ELU, 44, 44],
    ['PEG', 'Public Service Enterprise Group Incorporated', 'NYSE', MULTI, 42, 84],
    ['XEL', 'Xcel Energy Inc.', 'NASDAQ', ELU, 40, 70],
    ['ETR', 'Entergy Corporation', 'NYSE', ELU, 38, 88],
    ['ED', 'Consolidated Edison, Inc.', 'NYSE', MULTI, 36, 100],
    ['PCG', 'PG&E Corporation', 'NYSE', ELU, 35, 16],
    ['WEC', 'WEC Energy Group, Inc.', 'NYSE', MULTI, 35, 108],
    ['NRG', 'NRG Energy, Inc.', 'NYSE', ELU, 30, 150, 1.8],
    ['AWK', 'American Water Works Company, Inc.', 'NYSE', 'Water Utilities', 27, 140],
  ],
}

const SREIT = 'Specialized REITs'
const RREIT = 'Retail REITs'

export const REAL_ESTATE: SectorBlock = {
  sector: 'Real Estate',
  rows: [
    ['PLD', 'Prologis, Inc.', 'NYSE', 'Industrial REITs', 100, 110],
    ['WELL', 'Welltower Inc.', 'NYSE', 'Health Care REITs', 100, 160],
    ['AMT', 'American Tower Corporation', 'NYSE', SREIT, 95, 205],
    ['EQIX', 'Equinix, Inc.', 'NASDAQ', SREIT, 80, 800],
    ['SPG', 'Simon Property Group, Inc.', 'NYSE', RREIT, 58, 175],
    ['DLR', 'Digital Realty Trust, Inc.', 'NYSE', SREIT, 58, 170],
    ['O', 'Realty Income Corporation', 'NYSE', RREIT, 52, 58],
    ['PSA', 'Public Storage', 'NYSE', SREIT, 52, 295],
    ['CCI', 'Crown Castle Inc.', 'NYSE', SREIT, 45, 100],
    ['CBRE', 'CBRE Group, Inc.', 'NYSE', 'Real Estate Management & Development', 45, 150],
    ['VICI', 'VICI Properties Inc.', 'NYSE', SREIT, 35, 33],
    ['CSGP', 'CoStar Group, Inc.', 'NASDAQ', 'Real Estate Management & Development', 35, 85],
    ['EXR', 'Extra Space Storage Inc.', 'NYSE', SREIT, 31, 145],
    ['AVB', 'AvalonBay Communities, Inc.', 'NYSE', 'Residential REITs', 29, 205],
  ],
}

const CHEM = 'Chemicals'
const MINE = 'Metals & Mining'

export const MATERIALS: SectorBlock = {
  sector: 'Materials',
  rows: [
    ['LIN', 'Linde plc', 'NASDAQ', CHEM, 220, 470, 0.7],
    ['SHW', 'The Sherwin-Williams Company', 'NYSE', CHEM, 85, 340],
    ['ECL', 'Ecolab Inc.', 'NYSE', CHEM, 75, 265, 0.8],
    ['NEM', 'Newmont Corporation', 'NYSE', MINE, 75, 70, 1.4],
    ['APD', 'Air Products and Chemicals, Inc.', 'NYSE', CHEM, 62, 285],
    ['FCX', 'Freeport-McMoRan Inc.', 'NYSE', MINE, 60, 42, 1.4],
    ['CTVA', 'Corteva, Inc.', 'NYSE', CHEM, 48, 70],
    ['VMC', 'Vulcan Materials Company', 'NYSE', 'Construction Materials', 37, 280],
    ['MLM', 'Martin Marietta Materials, Inc.', 'NYSE', 'Construction Materials', 36, 590],
    ['NUE', 'Nucor Corporation', 'NYSE', MINE, 32, 135],
    ['DD', 'DuPont de Nemours, Inc.', 'NYSE', CHEM, 32, 75],
    ['PPG', 'PPG Industries, Inc.', 'NYSE', CHEM, 25, 110],
    ['IP', 'International Paper Company', 'NYSE', 'Containers & Packaging', 25, 48],
    ['DOW', 'Dow Inc.', 'NYSE', CHEM, 17, 24, 1.3],
  ],
}
