/**
 * Every string of the task pane, in Brazilian Portuguese: the source of the message map.
 * `en-US.ts` is typed against this object (same keys, same parameters), and
 * `messages.test.ts` checks the keys both ways at run time too.
 *
 * Errors say what happened and what to do next, in plain words.
 */
export const ptBR = {
  app: {
    title: "ValePix para Excel",
    notConnected: "Não conectado",
    connectedAs: (p: { label: string }) => `Conectado: ${p.label}`,
    nav: "Telas do ValePix",
    tabConnection: "Conexão",
    tabDistribute: "Distribuir",
    tabFund: "Depositar",
    tabData: "Dados",
    tabActivity: "Atividade",
    loadingScreen: "Carregando a tela…",
  },
  common: {
    cancel: "Cancelar",
    dismiss: "Fechar a mensagem",
    back: "Voltar",
    refresh: "Atualizar",
    connectFirst: "Conecte-se à API antes de usar esta tela.",
    goToConnection: "Abrir Conexão",
    progress: (p: { done: string; total: string }) => `${p.done} de ${p.total}`,
    eta: (p: { time: string }) => `cerca de ${p.time} restante(s)`,
    working: "Trabalhando…",
    cancelled: "Cancelado. Nada mais foi enviado; o que já foi feito continua valendo e pode ser retomado.",
    table: "Tabela",
    pickTable: "Escolha uma tabela",
    noTables:
      "Nenhuma tabela nesta pasta de trabalho. Crie uma a partir do modelo ou formate os dados como tabela.",
    payerName: "Nome do pagador",
    payerDocument: "CPF ou CNPJ do pagador",
    payerNameRequired: "Informe o nome do pagador.",
    payerDocumentInvalid:
      "Confira o CPF (11 dígitos) ou CNPJ (14 caracteres): os dígitos verificadores não conferem.",
    amount: "Valor (R$)",
    amountInvalid: "Escreva um valor em reais maior que zero, como 1.500,00.",
    required: "Preencha este campo.",
  },
  phases: {
    validate: "Validando a planilha",
    read: "Lendo a tabela",
    create: "Criando o rascunho",
    add: "Incluindo colaboradores",
    remove: "Removendo colaboradores",
    values: "Definindo valores",
    review: "Conferindo o rascunho",
    finalize: "Finalizando",
    wait: "Aguardando o processamento",
    write: "Escrevendo na planilha",
    pull: "Baixando da API",
    upload: "Enviando",
    deposit: "Criando a cobrança",
    payment: "Aguardando o pagamento",
    balance: "Lendo o saldo",
    shortfall: "Calculando o que falta",
    plan: "Planejando as chamadas",
    send: "Enviando ao rascunho",
    check: "Conferindo antes de finalizar",
    confirm: "Conferindo com o ValePix",
  } as Record<string, string>,
  errors: {
    requestId: (p: { id: string }) => `Código da requisição (informe ao suporte): ${p.id}`,
    serverSaid: (p: { text: string }) => `O servidor disse: ${p.text}`,
    unauthorizedTitle: "O token não foi aceito (401)",
    unauthorized: "O token está ausente, é inválido, expirou ou foi revogado pela operadora.",
    unauthorizedNext:
      "Abra Conexão, cole um token novo (peça à operadora se não tiver) e clique em Testar conexão.",
    forbiddenTitle: "Sem acesso a este recurso (403)",
    forbidden: "O token é válido, mas não tem permissão para esta operação ou estes dados.",
    forbiddenNext:
      "Confira se escolheu a conexão da empresa certa. Se sim, peça à operadora acesso para este token.",
    notFoundTitle: "Não encontrado (404)",
    notFound: "O identificador não existe neste ambiente.",
    notFoundNext:
      "Confira se está no ambiente certo (produção ou sandbox): os dados de um não existem no outro.",
    conflictTitle: "Conflito (409)",
    conflict: "A operação conflita com o estado atual, por exemplo uma cobrança que já foi paga.",
    conflictNext: "Atualize a tela para ver o estado atual antes de tentar de novo.",
    unprocessableTitle: "A API recusou a operação (422)",
    unprocessable:
      "O estado não permite esta operação (por exemplo, a distribuição já saiu de rascunho) ou uma regra de negócio não foi atendida.",
    unprocessableNext: "Leia a mensagem do servidor abaixo, corrija e tente de novo.",
    badRequestTitle: "Dados recusados (400)",
    badRequest: "A API recusou os dados enviados (corpo, identificador, data ou valor inválido).",
    badRequestNext: "Confira os campos indicados na mensagem do servidor.",
    rateLimitedTitle: "Muitas chamadas (429)",
    rateLimited: "A API pediu para diminuir o ritmo das chamadas.",
    rateLimitedNext: "Espere um minuto e tente de novo; o que já foi enviado não será repetido.",
    serverTitle: "Falha temporária no servidor",
    server: (p: { status: string }) => `A API respondeu com o erro ${p.status}.`,
    serverNext:
      "Tente de novo em alguns minutos. O suplemento confere o estado antes de repetir qualquer alteração.",
    connectionTitle: "Sem conexão com a API",
    connection: "Não foi possível falar com o servidor (rede, endereço, proxy ou bloqueio CORS).",
    connectionNext: "Confira a internet e o endereço da API em Conexão, e tente de novo.",
    redirectTitle: "A API respondeu com um redirecionamento",
    redirect: (p: { location: string }) =>
      `O servidor mandou a chamada para outro endereço (${p.location}). O suplemento não segue redirecionamentos: o token e os dados só vão ao endereço configurado.`,
    redirectHidden:
      "O servidor mandou a chamada para outro endereço. O suplemento não segue redirecionamentos: o token e os dados só vão ao endereço configurado.",
    redirectNext:
      "Confira o endereço da API em Conexão (https, servidor e caminho) e tente de novo; se estiver certo, informe o suporte.",
    timeoutTitle: "A API demorou demais",
    timeout: "O servidor não respondeu a tempo.",
    timeoutNext: "Tente de novo; o suplemento confere o estado antes de repetir qualquer alteração.",
    abortedTitle: "Cancelado",
    aborted: "A operação foi cancelada.",
    responseInvalidTitle: "Resposta inesperada da API",
    responseInvalid: "A API respondeu com dados fora do formato combinado; nada foi gravado com eles.",
    responseInvalidNext: "Tente de novo mais tarde; se continuar, informe o suporte com o código abaixo.",
    finalizeUnknownTitle: "Não se sabe se o pagamento foi feito",
    finalizeApplied: (p: { status: string }) =>
      `A finalização foi aplicada: a distribuição está em "${p.status}".`,
    finalizeDraft:
      "A distribuição ainda estava em rascunho quando foi lida; um servidor lento ainda pode aplicá-la.",
    finalizeNotRead: "Não foi possível ler a distribuição depois da falha.",
    finalizeUnknownNext:
      "Não finalize de novo agora. Abra Atividade e atualize o estado desta distribuição; finalize só se ela continuar em rascunho.",
    depositUnknownTitle: "Não se sabe se a cobrança foi criada",
    depositUnknown: (p: { id: string }) => `A cobrança pode existir, com o identificador ${p.id}.`,
    depositUnknownNext:
      "Não crie outra cobrança: em Depositar, abra “Acompanhar uma cobrança existente” com este identificador.",
    draftUnknownTitle: "Não se sabe se o rascunho foi criado",
    draftUnknown:
      "O servidor não respondeu ao pedido de criar o rascunho. Um rascunho pode ter sido criado, e a API não tem como listar rascunhos para encontrá-lo. Nenhum dinheiro saiu: um rascunho não paga nada até ser finalizado.",
    draftUnknownApplied:
      "O servidor criou o rascunho, mas a resposta não pôde ser lida: o número dele é desconhecido, e a API não tem como listar rascunhos para encontrá-lo. Nenhum dinheiro saiu: um rascunho não paga nada até ser finalizado.",
    draftUnknownNext:
      "Envie de novo quando a conexão voltar: a tentativa foi anotada no registro da pasta de trabalho, e o suplemento não cria mais de dois rascunhos sem resposta para a mesma tabela sem perguntar.",
    depositMismatchTitle: "Este identificador já é de outra cobrança",
    depositMismatch: (p: { id: string; sent: string; found: string }) =>
      `A API já tem uma cobrança com o identificador ${p.id}, diferente da pedida. Pedida: ${p.sent}. Existente: ${p.found}.`,
    depositMismatchNext:
      "Nenhuma cobrança nova foi criada. Confira a cobrança existente antes de criar outra; se ela não for da empresa, informe o suporte com o identificador.",
    depositParty: (p: { amount: string; doc: string }) =>
      `${p.amount}, documento do pagador terminado em ${p.doc}`,
    depositAmountUnknown: "valor não informado",
    pollTimeoutTitle: "Ainda sem estado final",
    pollTimeout: "A operação não chegou a um estado final no tempo de espera.",
    pollTimeoutNext: "Nada foi perdido: atualize o estado mais tarde em Atividade.",
    paginationTitle: "Lista incompleta",
    pagination: "As páginas da API não se completaram; a lista não foi usada para não ficar pela metade.",
    paginationNext: "Tente de novo; se continuar, informe o suporte.",
    listChangedTitle: "A lista mudou durante a leitura",
    listChangedLimit: (p: { from: string; to: string }) =>
      `A API mudou o tamanho da página de ${p.from} para ${p.to} no meio da leitura, e de novo quando a lista foi lida do início. A lista não foi usada, para que nenhum item falte ou se repita.`,
    listChangedTotal: (p: { from: string; to: string }) =>
      `O total da lista mudou de ${p.from} para ${p.to} no meio da leitura, e de novo quando ela foi lida do início. A lista não foi usada, para que nenhum item falte ou se repita.`,
    listChangedEnded: (p: { from: string; to: string }) =>
      `A lista terminou com ${p.to} itens, mas a API informou um total de ${p.from}, duas vezes. A lista não foi usada, para que nenhum item falte.`,
    listChangedNext:
      "Espere as alterações em andamento (cadastros, exclusões) terminarem e tente de novo; se continuar, informe o suporte.",
    collectLimitTitle: "Lista grande demais",
    collectLimit: (p: { max: string }) => `Há mais de ${p.max} itens para carregar de uma vez.`,
    collectLimitNext: "Use um filtro para trazer menos itens.",
    rowTooLargeTitle: "Linha grande demais",
    rowTooLarge: (p: { row: string }) =>
      `A linha ${p.row} tem texto demais para o Excel na web ler de uma vez (limite de 5 MB).`,
    rowTooLargeNext: "Encurte o texto das células dessa linha e tente de novo.",
    payloadTitle: "Bloco grande demais para o Excel",
    payload: "O Excel recusou um bloco de dados pelo tamanho.",
    payloadNext: "Tente de novo; se continuar, divida a tabela.",
    secretSettingTitle: "Dado secreto recusado",
    secretSetting: "O suplemento não grava tokens nem senhas dentro da pasta de trabalho.",
    secretSettingNext: "Nada foi gravado. O token fica só em Conexão.",
    selectionTitle: "Selecione uma célula da tabela",
    selection:
      "A seleção tem várias áreas (Ctrl+clique) ou não é de células (um gráfico, uma forma): o Excel não diz em que tabela você está.",
    selectionNext: "Clique numa única célula da tabela e use o comando de novo.",
    hostTitle: "O Excel recusou a operação",
    host: (p: { code: string }) => `Erro do Excel: ${p.code}.`,
    hostNext: "Feche edições de célula em andamento e tente de novo.",
    unknownTitle: "Algo deu errado",
    unknown: "Ocorreu um erro inesperado.",
    unknownNext: "Tente de novo. Se continuar, informe o suporte com a mensagem técnica abaixo.",
    technical: (p: { text: string }) => `Detalhe técnico: ${p.text}`,
  },
} as const;
