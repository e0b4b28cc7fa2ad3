/**
 * Portuguese words in a text meant to be English: common Portuguese words of the app's screens, month and week-day
 * names, and words with the letters English does not use (ã, õ, ç, ê…; one letter alone is only named), less the proper names and legal or banking
 * terms an English reader meets as they are (Boa Vista, Súmula, CNAB's own names).
 */
const WORDS = new Set(
  [
    'não', 'você', 'para', 'esta', 'este', 'isso', 'uma', 'sem', 'por', 'pelo', 'pela', 'que', 'ou', 'os', 'ao', 'aos',
    'de', 'da', 'dos', 'das', 'em', 'na', 'nos', 'nas', 'são', 'foi', 'ser', 'há', 'já', 'até', 'seu', 'sua',
    'ação', 'registro', 'encontrado', 'encontrada', 'senha', 'inválido', 'inválidos', 'inválida', 'usuário', 'usuários', 'início',
    'todas', 'todos', 'operação', 'operações', 'parcela', 'parcelas', 'vencida', 'vencidas', 'paga', 'pagas', 'cobrança', 'relatório',
    'remessa', 'retorno', 'valor', 'valores', 'nome', 'abrir', 'salvar', 'voltar', 'sair', 'cancelar', 'nenhum', 'nenhuma', 'empresa',
    'clientes', 'tomador', 'pendente', 'pendentes', 'solicitação', 'solicitações', 'simulações', 'empreendedores', 'configurações',
    'motivos', 'situações', 'projetos', 'perfil', 'meu', 'minha', 'campo', 'arquivo', 'documento', 'permissão', 'obrigatório',
    'janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro',
    'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'domingo', 'hoje', 'ontem', 'amanhã',
  ].map((w) => w.normalize('NFC')),
);

/** Words allowed as they are, though Portuguese (proper names, citations, the names of things in Brazil). */
const ALLOWED = new Set(['boa', 'vista', 'súmula', 'itaú', 'são', 'paulo', 'cédula', 'crédito', 'bancário', 'pix', 'nosso', 'número', 'carnê', 'convênio', 'código', 'civil'].map((w) => w.normalize('NFC')));

const NON_ENGLISH_LETTERS = /[ãõçêâôàáéíóú]/i;

/** The Portuguese words of a text (empty when it reads as English). */
export function portugueseWords(text: string, allowed: ReadonlySet<string> = ALLOWED): string[] {
  const words = text.normalize('NFC').toLowerCase().match(/[\p{L}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length > 1 && !allowed.has(w) && (WORDS.has(w) || NON_ENGLISH_LETTERS.test(w))))];
}
