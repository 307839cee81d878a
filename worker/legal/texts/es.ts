// The legal pages in Spanish: the same content as texts/en.ts (keep the two in step).
import type { LegalCopy } from "../legal-copy";

export const es: LegalCopy = {
  sample:
    "Texto de ejemplo: {title} muestra este modelo hasta que la marca lo sustituya por el suyo, revisado por sus abogados.",
  fictional:
    "Los perfiles de {title} son ficticios y están gestionados por operadores; el servicio es un entretenimiento para mayores de edad (18+).",
  company: "{company} · {address} · NIF-IVA {vat} · [{email}](mailto:{email}) · [{tel}]({telHref})",
  pages: {
    faq: [
      { h: "¿Qué es {title}?" },
      {
        p: "{title} es un servicio de chat en línea para mayores de edad (18+): ves perfiles, les das me gusta, los visitas y chateas con ellos.",
      },
      { h: "¿Los perfiles son personas reales?" },
      {
        p: "No. Los perfiles son ficticios y están gestionados por operadores, a veces con respuestas automáticas. No se puede quedar con las personas que aparecen, y nada de lo escrito en un chat es una promesa de encuentro.",
      },
      { h: "¿Es gratis?" },
      {
        p: "El registro es gratuito e incluye algunos mensajes gratis. Para escribir más compras créditos o un plan: consulta [las funciones](/legal/features) y [las condiciones](/legal/terms).",
      },
      { h: "¿Por qué algunas respuestas aparecen borrosas?" },
      {
        p: "Las respuestas aparecen borrosas para los perfiles gratuitos que no han verificado un número de móvil. Verificarlo con el código que te enviamos por SMS, o un plan de pago, las muestra completas.",
      },
      { h: "¿Cómo cancelo un plan?" },
      {
        p: "Los planes VIP se renuevan automáticamente hasta que los canceles. Cancela cuando quieras en la [página de baja](/unsubscribe), con el botón de baja de tu [perfil](/profile) o escribiendo a atención al cliente en {email}. Lo que has pagado sigue siendo tuyo hasta el final del periodo.",
      },
      { h: "¿Cómo cierro mi perfil?" },
      {
        p: "En tu [perfil](/profile) puedes desactivarlo desde el menú de ajustes (queda oculto; solo se reactiva a través de atención al cliente) o eliminar tu cuenta en Tus datos y tu privacidad: se detiene al momento y se borra a los 30 días, salvo que entres antes. Allí también puedes descargar todos tus datos.",
      },
      { h: "No me ha llegado el correo de activación" },
      {
        p: "Puede tardar hasta 5 minutos. Mira en la carpeta de spam; la ventana que te pide confirmar la dirección también te permite corregirla.",
      },
      { h: "¿Cómo os contacto?" },
      { p: "Escribe a {email}, llama al {tel} o usa el [formulario de contacto](/contactUs)." },
    ],
    features: [
      { h: "Qué puedes hacer en {title}" },
      {
        ul: [
          "Buscar perfiles por región y ciudad.",
          "Match: pasar perfiles para darles me gusta o descartarlos.",
          "Dar me gusta y visitar perfiles, y ver quién te ha dado me gusta o te ha visitado en Avisos.",
          "Chatear en tiempo real, con avisos por correo, Telegram o push cuando no estás.",
          "Dar a tu perfil una foto, una descripción y lo que buscas.",
        ],
      },
      { h: "Gratis y de pago" },
      {
        p: "Un perfil gratuito recibe algunos créditos para romper el hielo y para mensajes. Los paquetes de créditos añaden mensajes; los planes VIP añaden mensajes en cada periodo y se renuevan automáticamente (consulta [las condiciones](/legal/terms)). Los precios aparecen en la página de planes antes de pagar.",
      },
      { h: "Seguridad" },
      {
        p: "Los pagos pasan por proveedores de pago certificados: {title} nunca ve ni guarda el número de tu tarjeta. Si verificas tu número de móvil, nunca se muestra a nadie.",
      },
    ],
    privacy: [
      { h: "Quién es responsable de tus datos" },
      {
        p: "El responsable del tratamiento es {company}, {address}, NIF-IVA {vat}. Contacto: {email}, {tel}.",
      },
      { h: "Qué guardamos y por qué" },
      {
        ul: [
          "Cuenta: dirección de correo, contraseña (solo como hash irreversible), edad, quién eres y a quién buscas, región y ciudad, y el identificador de tu cuenta de Google si entras con Google. Para gestionar tu cuenta y mostrarte perfiles cerca de ti.",
          "Perfil: nombre de usuario, descripción, lo que buscas, rango de edad preferido y las fotos que subes. Para mostrar y editar tu perfil.",
          "Consentimientos: cada casilla del registro, marcada o no, y cada cambio posterior en tu perfil, con la hora y la versión de su texto. Los términos y la declaración de mayoría de edad son obligatorios; los dos consentimientos de marketing (promociones, comunicación a terceros) son opcionales y se cambian cuando quieras en tu perfil. Para demostrar lo que aceptaste y respetar lo que rechazaste.",
          "Chats: tus mensajes, me gusta, visitas, invitaciones y avisos, con sus horas. Para que el servicio funcione. Los operadores leen tus mensajes y tu perfil para responder como el perfil al que escribes.",
          "Número de móvil, solo si lo verificas, y el código que te enviamos (guardado solo como hash con clave). Para verificar tu perfil y mantener un número por perfil.",
          "Pagos: plan, importe, estado y fechas, la marca y los cuatro últimos dígitos de la tarjeta, y el token de la tarjeta que guarda el proveedor de pago (nunca el número de la tarjeta ni su código de seguridad). Para recibos, renovaciones, reembolsos y obligaciones contables.",
          "Créditos: cada cambio de tu saldo, para que siempre sea correcto.",
          "Datos técnicos: dirección IP, nombre del navegador, un identificador aleatorio de tu navegador, cómo llegaste (origen, campaña) y eventos de uso (un perfil visto, un enlace de un correo abierto). Para la seguridad (límites de registros y accesos), la prevención del fraude y las estadísticas.",
          "Avisos: tus opciones de correo, Telegram y push, con el id de Telegram o el token push si las activas. Para enviarte lo que pediste.",
          "Correos: qué correos de servicio te enviamos y cuándo, y las direcciones que pidieron no recibir más.",
        ],
      },
      { h: "Quién más los trata" },
      {
        p: "Encargados que actúan según nuestras instrucciones: alojamiento y base de datos (Cloudflare, Neon), correo (Mailgun), SMS (Twilio), el proveedor de pago que elijas (redes de tarjetas, PayPal, Apple Pay, Google Pay y otros) y Google si entras con Google. No vendemos tus datos; los comunicamos a terceros para sus propias comunicaciones solo si marcaste ese consentimiento.",
      },
      { h: "Durante cuánto tiempo" },
      {
        ul: [
          "Tu cuenta y todo lo que contiene: hasta que la elimines. Eliminarla la detiene al momento; a los 30 días se borra, fotos incluidas, salvo que entres antes, lo que la restablece.",
          "Registros de pago (pedidos, pagos, reembolsos, desistimientos, movimientos de créditos): 10 años desde el pago, como exige la ley fiscal; tras un borrado se conservan sin nada que te identifique y después se eliminan.",
          "Eventos de uso: 365 días. La lista de correos de servicio que te enviamos: 90 días.",
          "Las notificaciones que te enviamos (cuál, cuándo, por qué canal, si la abriste): 180 días.",
          "Códigos del teléfono, códigos de eliminación y enlaces al archivo de tus datos: se eliminan 1 día después de caducar.",
          "Una cuenta cuyo registro pedía confirmar el correo, nunca confirmado, sin pagos y sin uso durante 30 días: se borra.",
          "El registro de actividad de los operadores, incluido cada paso de una eliminación o de un desistimiento: 3 años.",
          "Las direcciones que pidieron no recibir más correos: mientras sea necesario para respetarlo.",
        ],
      },
      { h: "Tus derechos" },
      {
        p: "En tu [perfil](/profile), en Tus datos y tu privacidad, puedes descargar todos tus datos en un zip (cuenta, perfil, fotos, conversaciones, me gusta y visitas, pagos y recibos, consentimientos, accesos), dar o retirar los consentimientos de marketing y eliminar tu cuenta. Corriges tus datos editando tu perfil. Para todo lo demás (limitar un uso u oponerte) escribe a {email}. También puedes reclamar ante la Agencia Española de Protección de Datos. Las cookies y el almacenamiento del navegador se describen en la [política de cookies](/legal/cookie).",
      },
    ],
    cookie: [
      { h: "Cookies y almacenamiento del navegador" },
      {
        p: '{title} usa cookies técnicas y el almacenamiento de tu navegador para que el servicio funcione; no requieren consentimiento. El aviso pide permiso para dos categorías más, desactivadas hasta que las permitas y modificables en cualquier momento desde "Preferencias de cookies" al pie de cada página: análisis (hoy no se usa ninguna herramienta de análisis) y marketing (los píxeles de los socios publicitarios de la marca, que comunican a un socio que te registraste o intentaste un pago). Tu elección también se guarda en nuestro servidor con su fecha, para mostrarla en tu perfil.',
      },
      { h: "Las cookies" },
      {
        ul: [
          "google_oauth: solo cuando entras con Google, durante 10 minutos, para comprobar que la respuesta de Google pertenece a tu acceso (HttpOnly, solo este sitio).",
          "cc_cookie: tu elección de cookies (las categorías permitidas y cuándo), durante 6 meses.",
        ],
      },
      {
        p: "Si permites el marketing, los píxeles de los socios pueden guardar sus propias cookies, descritas en sus políticas.",
      },
      { h: "Local storage" },
      {
        p: "Estas entradas se quedan en tu navegador hasta que borres los datos de este sitio (la sesión también termina al cerrar sesión):",
      },
      {
        ul: [
          "token: tu sesión, para que sigas conectado.",
          "trackerId, source, campid, remarketing_clickid, landedTime: el id público de tu perfil y cómo llegaste al sitio (enlace, campaña, hora).",
          "fingerprint: un identificador aleatorio que este sitio da a tu navegador (no leído de tu dispositivo), para limitar los registros repetidos.",
          "country, city, ua: el país del sitio, la ciudad que elegiste y el nombre de tu navegador, enviados con el registro y el acceso.",
          "dispenserSeed, dispenserSeedTime, page: el orden de los resultados de búsqueda (renovado cada 30 minutos) y la página en la que estabas.",
          "like, avatar, profiliVisitati, messaggiNonLetti: los perfiles que te gustaron y visitaste, tu foto y tus mensajes sin leer, mostrados al instante en tu próxima visita.",
          "notificheInPending, tipologiaNotifica, socketId, softwareVersion, outbox: avisos recibidos con la pestaña oculta, la conexión en tiempo real, la versión de la app y los mensajes que el servidor aún no ha confirmado, para que nada se pierda con una mala conexión.",
          "cookiePolicy: tu elección de cookies, tal como la lee la app.",
          "pushSentAt, pushEndpoint: cuándo nos enviaste por última vez la suscripción push de este navegador, y su dirección, para renovarla tras 7 días.",
          "channelPopupAt: cuándo respondiste por última vez a la ventana que ofrece los canales de notificación.",
        ],
      },
      { h: "Session storage" },
      {
        ul: [
          "mollieReference: durante un pago con redirección, la referencia de ese pago, hasta que cierres la pestaña.",
        ],
      },
      { h: "Otros sitios" },
      {
        p: "Las páginas de pago de los proveedores (3-D Secure, PayPal, Mollie y otros) y la página de acceso de Google son otros sitios, con sus propias cookies y políticas.",
      },
      { h: "Cómo eliminarlas" },
      {
        p: "Borra los datos de este sitio en los ajustes de tu navegador: el servicio se comportará como en la primera visita. Consulta también la [política de privacidad](/legal/privacy).",
      },
    ],
    terms: [
      { h: "El servicio" },
      {
        p: "{title} ({domain}) lo presta {company}, {address}, NIF-IVA {vat}. Al registrarte aceptas estas condiciones y la [política de privacidad](/legal/privacy).",
      },
      { h: "Perfiles ficticios" },
      {
        p: "Los perfiles de {title} son ficticios y están gestionados por operadores, a veces con respuestas automáticas. El servicio es un entretenimiento: no se puede quedar con las personas que aparecen, y nada de lo escrito en un chat es una promesa de encuentro.",
      },
      { h: "Quién puede usarlo" },
      {
        p: "Solo mayores de edad (18+), una cuenta por persona. No envíes insultos, amenazas, contenidos ilícitos ni datos personales de otros: una cuenta que lo haga puede ser desactivada.",
      },
      { h: "Créditos y precios" },
      {
        p: "Los mensajes cuestan créditos. El precio de cada paquete y plan se muestra antes de pagar. Los paquetes de créditos son compras únicas y no se renuevan.",
      },
      { h: "Los planes se renuevan automáticamente" },
      {
        p: "Los planes VIP son suscripciones: se renuevan automáticamente cada 30 días al precio mostrado en la compra, con cargo a la tarjeta guardada en el proveedor de pago, hasta que los canceles. Cada renovación añade los créditos del plan y se confirma por correo. Si una renovación es rechazada lo intentamos de nuevo 1, 3 y 7 días después; luego el plan termina.",
      },
      { h: "Cómo cancelar" },
      {
        ul: [
          "en la [página de baja](/unsubscribe);",
          "con el botón de baja de tu [perfil](/profile);",
          "o a través de atención al cliente: {email}, {tel}.",
        ],
      },
      {
        p: "La cancelación detiene al momento las próximas renovaciones. Lo que has pagado sigue activo hasta el final del periodo en curso, y tus créditos siguen siendo tuyos.",
      },
      { h: "Reembolsos" },
      {
        p: "Si no estás satisfecho, escribe a atención al cliente. Un pago reembolsado retira los créditos y las ventajas que compró.",
      },
      { h: "Derecho de desistimiento (14 días)" },
      {
        p: "Puedes desistir de una compra en los 14 días siguientes, sin dar ningún motivo, con «desistir del contrato aquí» en la sección de pagos de tu [perfil](/profile) o en el correo de confirmación de la compra. Lo confirmas en un segundo paso y te enviamos al momento por correo un acuse con el contrato, la fecha y la hora. Te reembolsamos en 14 días, al método de pago que usaste.",
      },
      {
        p: "Al pagar puedes pedir que el servicio empiece de inmediato. En un plan VIP, si después desistes, te reembolsamos el precio de los días del periodo que no hayas usado (un día empezado cuenta como usado). En un paquete de créditos, al pedirlos de inmediato reconoces que pierdes el derecho de desistimiento por los créditos que uses: si desistes, te reembolsamos el precio de los créditos no usados (los del paquete cuentan como los últimos usados) y los retiramos de tu cuenta. Si no pediste que el servicio empezara de inmediato, te reembolsamos el precio completo.",
      },
      { h: "Cerrar tu perfil" },
      {
        p: "Puedes desactivar tu perfil cuando quieras desde su menú de ajustes; un plan VIP en curso se cancela con él; la reactivación solo es posible a través de atención al cliente. También puedes eliminar tu cuenta desde tu perfil: se detiene al momento y se borra a los 30 días, salvo que entres antes (consulta la [política de privacidad](/legal/privacy)).",
      },
      { h: "Cambios y contacto" },
      {
        p: "Te avisaremos por correo antes de un cambio de estas condiciones que afecte a un plan de pago. Preguntas: {email}, {tel} o el [formulario de contacto](/contactUs).",
      },
    ],
  },
};
