/**
 * Bot controls (`/api/bot-controls`): the tenant's agents (automated strategies and AI assistants
 * acting for a user), each agent's trading state, mode, allow-lists, limits and credential, and the
 * one order path by which an agent's order reaches a broker: the gate (state, allow-lists, limits,
 * approval threshold) in one locked transaction per agent, then the broker or an approval.
 * Rules: README.md and docs/bot-controls.md.
 */
import { defineModule } from '../../module.ts'
import { BOT_CONTROLS_TABLES } from './controls.tables.ts'
import * as m0049 from './migrations/0049_bot_controls.ts'
import * as m0050 from './migrations/0050_agent_orders.ts'
import { AGENT_ORDERS_TABLES } from './orders.tables.ts'
import { botControlsSweep } from './bot-controls.sweep.ts'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the services that follow
export interface BotControls {}

export const botControlsModule = defineModule({
  name: 'bot-controls',
  key: 'botControls',
  needs: {},
  tables: [...BOT_CONTROLS_TABLES, ...AGENT_ORDERS_TABLES],
  migrations: [
    ['0049_bot_controls', m0049],
    ['0050_agent_orders', m0050],
  ],
  build: (): BotControls => ({}),
  sweep: botControlsSweep,
})
